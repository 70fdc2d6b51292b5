import AudioPlayback

extension Synthesizer {
  /// Renders `frames` frames in buffers of `bufferFrames`, as a render loop would, and returns
  /// them interleaved.
  mutating func render(frames: Int, bufferFrames: Int = 480) -> [Float] {
    var sound: [Float] = []
    sound.reserveCapacity(frames * 2)
    var buffer = [Float](repeating: .nan, count: bufferFrames * 2)
    var left = frames
    while left > 0 {
      let count = min(left, bufferFrames)
      buffer.withUnsafeMutableBufferPointer { all in
        render(into: UnsafeMutableBufferPointer(rebasing: all[0..<(count * 2)]))
      }
      sound += buffer[0..<(count * 2)]
      left -= count
    }
    return sound
  }
}
