import RemoteControl
import RemoteControlMPRIS

/// The commands the web remote accepts: an allowlist, each named as the API's path names it.
///
/// Each corresponds to an `MPRemoteCommandCenter` command (``togglePlayPause`` is
/// `togglePlayPauseCommand`) and reaches the player as an MPRIS call or the extension
/// interface's method.
enum CommandName: String, Sendable, Hashable, CaseIterable {
  /// `playCommand`; MPRIS `Play`.
  case play
  /// `pauseCommand`; MPRIS `Pause`.
  case pause
  /// `togglePlayPauseCommand`; MPRIS `PlayPause`.
  case togglePlayPause
  /// `stopCommand`; MPRIS `Stop`.
  case stop
  /// `nextTrackCommand`; MPRIS `Next`.
  case nextTrack
  /// `previousTrackCommand`; MPRIS `Previous`.
  case previousTrack
  /// `changePlaybackPositionCommand`; MPRIS `SetPosition`.
  case seek
  /// `skipForwardCommand`; the extension's `SkipForward`, else MPRIS `Seek`.
  case skipForward
  /// `skipBackwardCommand`; the extension's `SkipBackward`, else MPRIS `Seek`.
  case skipBackward
  /// MPRIS `Volume`.
  case volume
  /// `changeRepeatModeCommand`; MPRIS `LoopStatus`.
  case loop
  /// `changeShuffleModeCommand`; MPRIS `Shuffle`.
  case shuffle
  /// `likeCommand`; the extension's `Like`.
  case like
  /// `bookmarkCommand`; the extension's `Bookmark`.
  case bookmark
  /// The hub's `Select`: the player becomes Now Playing.
  case select

  /// The command center's command of the same name (``nextTrack`` is `nextTrack`): every one
  /// but ``seek``, ``volume``, ``loop``, ``shuffle`` and ``select``, whose names are the API's own.
  var kind: RemoteCommandKind? { RemoteCommandKind.allCases.first { "\($0)" == rawValue } }

  /// The MPRIS player method that is the command, as RemoteControlMPRIS declares it: `Play`,
  /// `Pause`, `PlayPause`, `Stop`, `Next`, `Previous`; `nil` for the others.
  var playerMethod: PlayerMethod? { kind.flatMap(PlayerMethod.init) }
}
