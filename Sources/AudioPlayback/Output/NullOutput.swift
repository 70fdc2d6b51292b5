/// Discards the sound, at the pace of the real clock, so a player without a sound device still
/// plays in real time (its position moves, its pauses last).
package final class NullOutput: AudioOutput {
  /// "null".
  package var name: String { "null" }
  /// The format `write(_:)` takes.
  package let format: AudioFormat
  private var pacer: RealTimePacer

  /// Creates an output that discards `format` sound in real time.
  package init(format: AudioFormat = .standard) {
    self.format = format
    self.pacer = RealTimePacer(sampleRate: format.sampleRate)
  }

  /// Returns when the samples would have finished playing.
  package func write(_ samples: UnsafeBufferPointer<Float>) {
    pacer.pace(frameCount: samples.count / format.channelCount)
  }

  /// Restarts the clock, so resuming does not rush to make up for the pause.
  package func pause() {
    pacer.restart()
  }

  /// Does nothing: nothing is held.
  package func close() {}
}
