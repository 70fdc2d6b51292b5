/// A binaural beat: two tones a few hertz apart, one per ear, heard as a beat at their
/// difference, named for the brainwave band of that frequency.
struct BinauralPreset: Sendable, Hashable, Identifiable {
  /// The brainwave bands the beats are named after.
  enum Band: String, Sendable, Hashable {
    /// 0.5–4 Hz: deep sleep.
    case delta = "Delta"
    /// 4–8 Hz: drowsiness, meditation.
    case theta = "Theta"
    /// 8–13 Hz: relaxed wakefulness.
    case alpha = "Alpha"
    /// 13–30 Hz: active thinking.
    case beta = "Beta"
    /// Above 30 Hz: intense focus.
    case gamma = "Gamma"
  }

  /// A stable identifier: the track identifier published to controllers.
  var id: String
  /// The band.
  var band: Band
  /// The beat frequency: the difference between the two tones, in hertz.
  var beatFrequency: Double
  /// The centre frequency, in hertz: the left ear hears it minus half the beat, the right ear
  /// plus half the beat.
  var carrierFrequency: Double
  /// What the preset is for, shown after the band in the title.
  var purpose: String
  /// How long one play of the preset lasts.
  var duration: Duration
  /// The colour of its artwork, as red, green and blue.
  var colour: (red: UInt8, green: UInt8, blue: UInt8)

  /// "Delta 2 Hz · Deep sleep".
  var title: String { "\(band.rawValue) \(Self.format(beatFrequency)) Hz · \(purpose)" }

  /// "2" for 2.0, "2.5" for 2.5.
  static func format(_ frequency: Double) -> String {
    frequency == frequency.rounded() ? String(Int(frequency)) : String(frequency)
  }

  static func == (lhs: BinauralPreset, rhs: BinauralPreset) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension BinauralPreset {
  /// The presets Binaural ships with, from the slowest beat to the fastest.
  static let standard: [BinauralPreset] = [
    BinauralPreset(
      id: "delta-2hz", band: .delta, beatFrequency: 2, carrierFrequency: 100, purpose: "Deep sleep",
      duration: .seconds(20 * 60), colour: (40, 44, 120)),
    BinauralPreset(
      id: "theta-6hz", band: .theta, beatFrequency: 6, carrierFrequency: 150, purpose: "Meditation",
      duration: .seconds(15 * 60), colour: (92, 52, 150)),
    BinauralPreset(
      id: "alpha-10hz", band: .alpha, beatFrequency: 10, carrierFrequency: 200, purpose: "Relaxed focus",
      duration: .seconds(10 * 60), colour: (30, 130, 120)),
    BinauralPreset(
      id: "beta-20hz", band: .beta, beatFrequency: 20, carrierFrequency: 250, purpose: "Alertness",
      duration: .seconds(8 * 60), colour: (200, 120, 30)),
    BinauralPreset(
      id: "gamma-40hz", band: .gamma, beatFrequency: 40, carrierFrequency: 300, purpose: "Concentration",
      duration: .seconds(5 * 60), colour: (190, 40, 60)),
  ]
}
