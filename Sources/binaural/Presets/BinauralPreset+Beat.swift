import AudioPlayback

extension BinauralPreset {
  /// The tones AudioPlayback synthesises for the preset: the left ear hears
  /// `carrierFrequency − beatFrequency/2`, the right ear `carrierFrequency + beatFrequency/2`.
  var beat: BinauralBeat { BinauralBeat(carrier: carrierFrequency, beat: beatFrequency) }

  /// The preset a user names on the command line: its identifier ("alpha-10hz") or its band
  /// ("alpha"), in any case; `nil` when none is so named.
  static func named(_ name: String, in presets: [BinauralPreset] = standard) -> BinauralPreset? {
    let wanted = name.lowercased()
    return presets.first { $0.id == wanted || $0.band.rawValue.lowercased() == wanted }
  }
}
