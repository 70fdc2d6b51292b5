/// Writes the sound to a RIFF/WAVE file (16-bit PCM, stereo), in real time.
///
/// The file holds what was played: pauses are not recorded. Its header is brought up to date
/// every second of sound, on every pause and on `close()`, so the file is valid even if the
/// program is killed. Files stop growing at 4 GiB (the format's limit, about 6 hours).
package final class WAVFileOutput: AudioOutput {
  /// "WAV file" and the path.
  package var name: String { "WAV file \(path)" }
  /// The format `write(_:)` takes.
  package let format: AudioFormat
  /// Where the file is.
  package let path: String

  private let header: WAVHeader
  private var descriptor: Int32?
  private var dataSize = 0
  private var dataSizeInHeader = 0
  private var pacer: RealTimePacer
  /// Room for one write's samples as 16-bit integers; grown only if a write is larger.
  private var converted: UnsafeMutableBufferPointer<Int16>

  /// Creates (or empties) the file at `path` and writes its header.
  package init(path: String, format: AudioFormat = .standard) throws(AudioOutputError) {
    self.path = path
    self.format = format
    self.header = WAVHeader(format: format)
    self.pacer = RealTimePacer(sampleRate: format.sampleRate)
    let descriptor = try POSIXCalls.createFile(atPath: path)
    self.descriptor = descriptor
    self.converted = .allocate(capacity: format.sampleRate / 10 * format.channelCount)
    do {
      try writeHeader()
    } catch {
      try? POSIXCalls.close(descriptor, path: path)
      throw error
    }
  }

  deinit {
    if let descriptor { try? POSIXCalls.close(descriptor, path: path) }
    converted.deallocate()
  }

  /// Appends `samples` as 16-bit PCM, then waits until they would have finished playing.
  package func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError) {
    guard let descriptor else {
      throw AudioOutputError(.fileFailed, "\(path) is already closed.")
    }
    if converted.count < samples.count {
      converted.deallocate()
      converted = .allocate(capacity: samples.count)
    }
    let room = (WAVHeader.maximumDataSize - dataSize) / header.bytesPerFrame * format.channelCount
    let count = min(samples.count, room)
    for index in 0..<count { converted[index] = Int16(level: samples[index]) }
    try POSIXCalls.write(
      descriptor, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: converted[0..<count])),
      path: path)
    dataSize += count * 2
    if dataSize - dataSizeInHeader >= format.sampleRate * header.bytesPerFrame {
      try updateSizes()
    }
    pacer.pace(frameCount: samples.count / format.channelCount)
  }

  /// Brings the header up to date, and restarts the clock.
  package func pause() {
    try? updateSizes()
    pacer.restart()
  }

  /// Brings the header up to date and closes the file.
  package func close() throws(AudioOutputError) {
    guard let descriptor else { return }
    self.descriptor = nil
    do {
      try updateSizes(descriptor)
    } catch {
      try? POSIXCalls.close(descriptor, path: path)
      throw error
    }
    try POSIXCalls.close(descriptor, path: path)
  }

  /// Writes the whole header at the start of the empty file, leaving the file offset after it
  /// for the samples: only at creation (`bytes(dataSize:)` builds an array).
  private func writeHeader() throws(AudioOutputError) {
    guard let descriptor else { return }
    let bytes = header.bytes(dataSize: dataSize)
    // Array's withUnsafeBytes rethrows untyped errors, so the typed one travels as a Result.
    try bytes.withUnsafeBytes { raw in
      Result { () throws(AudioOutputError) in
        try POSIXCalls.write(descriptor, raw, path: path)
      }
    }.get()
    dataSizeInHeader = dataSize
  }

  /// Writes the header's two sizes, without allocating: this runs on the render thread.
  private func updateSizes(_ target: Int32? = nil) throws(AudioOutputError) {
    guard let descriptor = target ?? descriptor else { return }
    let data = UInt32(dataSize).littleEndian
    let riff = (UInt32(WAVHeader.size - 8) + UInt32(dataSize)).littleEndian
    try withUnsafeBytes(of: riff) { (raw) throws(AudioOutputError) in
      try POSIXCalls.write(descriptor, raw, at: WAVHeader.riffSizeOffset, path: path)
    }
    try withUnsafeBytes(of: data) { (raw) throws(AudioOutputError) in
      try POSIXCalls.write(descriptor, raw, at: WAVHeader.dataSizeOffset, path: path)
    }
    dataSizeInHeader = dataSize
  }
}
