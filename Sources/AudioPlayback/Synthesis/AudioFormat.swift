/// The shape of the sound the player renders: interleaved stereo frames at a sample rate.
///
/// Binaural beats need exactly two channels (one tone per ear), so the channel count is fixed.
package struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
  /// Frames per second.
  package var sampleRate: Int

  /// Channels per frame: always 2, left then right.
  package var channelCount: Int { 2 }

  /// Creates a stereo format at `sampleRate` frames per second.
  package init(sampleRate: Int) {
    self.sampleRate = sampleRate
  }

  /// 48 kHz stereo: what PulseAudio, PipeWire and most ALSA devices run at natively.
  package static let standard = AudioFormat(sampleRate: 48_000)

  /// The number of frames in `seconds` of sound, rounded down.
  package func frameCount(seconds: Double) -> Int {
    Int(seconds * Double(sampleRate))
  }

  /// "48000 Hz stereo".
  package var description: String { "\(sampleRate) Hz stereo" }
}
