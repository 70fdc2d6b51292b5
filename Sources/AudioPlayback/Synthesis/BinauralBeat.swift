/// A binaural beat: one tone per ear, `beat` hertz apart, centred on `carrier`.
///
/// The left ear hears `carrier − beat/2` and the right ear `carrier + beat/2`; the brain hears
/// the difference as a beat. A theta beat of 6 Hz over a 200 Hz carrier is 197 Hz left and
/// 203 Hz right.
package struct BinauralBeat: Sendable, Hashable, CustomStringConvertible {
  /// The centre frequency, in hertz.
  package var carrier: Double
  /// The difference between the right and left tones, in hertz.
  package var beat: Double

  /// Creates a beat of `beat` hertz over a carrier of `carrier` hertz.
  package init(carrier: Double, beat: Double) {
    self.carrier = carrier
    self.beat = beat
  }

  /// The left ear's tone, in hertz: `carrier − beat/2`, never below 0.
  package var leftFrequency: Double { max(0, carrier - beat / 2) }

  /// The right ear's tone, in hertz: `carrier + beat/2`, never below 0.
  package var rightFrequency: Double { max(0, carrier + beat / 2) }

  /// "10.0 Hz over 200.0 Hz".
  package var description: String { "\(beat) Hz over \(carrier) Hz" }
}
