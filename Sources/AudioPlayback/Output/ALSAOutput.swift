/// Plays to an ALSA device directly: the fallback where no sound server runs.
package final class ALSAOutput: AudioOutput {
  /// How much sound the device buffers: 50 ms.
  package static let latencyMilliseconds = 50

  /// "ALSA" and the device.
  package var name: String { "ALSA \(device)" }
  /// The format `write(_:)` takes.
  package let format: AudioFormat
  /// The ALSA device name, such as "default" or "hw:0".
  package let device: String
  private var pcm: OpaquePointer?

  /// Opens `device` for playback in `format`.
  ///
  /// - Throws: ``AudioOutputError/Code/alsaUnavailable`` if the device cannot be opened or
  ///   cannot play `format`.
  package init(device: String = "default", format: AudioFormat = .standard) throws(AudioOutputError) {
    self.device = device
    self.format = format
    self.pcm = try ALSACalls.openPlayback(
      device: device, format: format, latencyMilliseconds: Self.latencyMilliseconds)
  }

  deinit {
    if let pcm { ALSACalls.drainAndClose(pcm) }
  }

  /// Plays `samples`, blocking while the device's buffer is full.
  package func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError) {
    guard let pcm else {
      throw AudioOutputError(.playbackFailed, "The ALSA device \(device) is already closed.")
    }
    try ALSACalls.write(pcm, samples, channels: format.channelCount)
  }

  /// Drops what the device has not played yet.
  package func pause() {
    if let pcm { ALSACalls.drop(pcm) }
  }

  /// Plays what is queued and closes the device.
  package func close() {
    guard let pcm else { return }
    self.pcm = nil
    ALSACalls.drainAndClose(pcm)
  }
}
