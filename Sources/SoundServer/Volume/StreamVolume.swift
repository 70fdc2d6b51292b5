/// A playback stream's volume, per channel, on the scale that `pactl`, pavucontrol, GNOME's and
/// KDE's sliders and VLC's MPRIS `Volume` share: the fraction of `PA_VOLUME_NORM`.
///
/// ## Which scale
///
/// PulseAudio's volume (`pa_volume_t`) is cubic, not linear in amplitude: `PA_VOLUME_NORM` is
/// 100 %, and half of it (50 %) is an eighth of the amplitude (`pa_sw_volume_to_linear`). Every
/// mixer a user sees shows that scale, and `pactl list sink-inputs` prints it as a percent, so a
/// level of `0.3` here is what `pactl` shows as `30%`: the same number a user reads in
/// pavucontrol, and what MPRIS clients send (playerctl's `volume 0.3`, a panel's slider). The
/// linear amplitude (`pa_sw_volume_from_linear`) is not used: a slider on it spends most of its
/// travel on the loud end.
package struct StreamVolume: Sendable, Hashable {
  /// The stream's index on the server.
  package var index: UInt32
  /// Each channel's volume, as a fraction of `PA_VOLUME_NORM` (1 is 100 %; above 1 is amplified).
  package var channels: [Double]
  /// Whether the stream is muted (`pactl`'s `Mute: yes`), whatever its volume.
  package var isMuted: Bool

  /// The volume of the stream `index`, channel by channel, and whether it is muted.
  package init(index: UInt32, channels: [Double], isMuted: Bool = false) {
    self.index = index
    self.channels = channels
    self.isMuted = isMuted
  }

  /// The loudest channel's volume, as `pa_cvolume_max` gives it: the level a mixer shows for the
  /// stream, and the one ``StreamVolumeControl/setLevel(_:of:)`` sets (the others keep their
  /// balance to it).
  package var level: Double { channels.max() ?? 0 }

  /// `PA_VOLUME_NORM`: 100 %.
  static let norm: UInt32 = 0x10000

  /// `level` as a `pa_volume_t`, clamped to `0 … PA_VOLUME_NORM`.
  static func rawVolume(_ level: Double) -> UInt32 {
    guard level.isFinite, level > 0 else { return 0 }
    return UInt32((min(level, 1) * Double(norm)).rounded())
  }

  /// The fraction of `PA_VOLUME_NORM` that `raw` is.
  static func level(_ raw: UInt32) -> Double { Double(raw) / Double(norm) }
}
