/// The signals of `org.mpris.MediaPlayer2.Player`, by name: what the player emits, the hub
/// forwards and a controller matches.
///
/// The corresponding MPRIS member is `org.mpris.MediaPlayer2.Player.Seeked`.
public enum PlayerSignal: String, Sendable, Hashable, CaseIterable {
  /// `Seeked(x Position)`: the position jumped (a seek, a set position, a discontinuity), never
  /// normal progress.
  case seeked = "Seeked"
}
