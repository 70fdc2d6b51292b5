import RemoteControl

/// What repeats, as MPRIS says it.
///
/// The corresponding MPRIS type is `Loop_Status`, the value of
/// `org.mpris.MediaPlayer2.Player.LoopStatus`: `None`, `Track` or `Playlist`, which are the
/// repeat modes `RepeatMode.off`, `RepeatMode.one` and `RepeatMode.all`. The player
/// publishes it, ``PlayerState`` reads it.
public enum LoopStatus: String, Sendable, Hashable, CaseIterable {
  /// `None`: playback stops after the last track.
  case none = "None"
  /// `Track`: the current track repeats.
  case track = "Track"
  /// `Playlist`: the whole list repeats.
  case playlist = "Playlist"

  /// The loop status of a repeat mode.
  init(_ mode: RepeatMode) {
    switch mode {
    case .off: self = .none
    case .one: self = .track
    case .all: self = .playlist
    }
  }

  /// The repeat mode this loop status asks for.
  var repeatMode: RepeatMode {
    switch self {
    case .none: .off
    case .track: .one
    case .playlist: .all
    }
  }
}
