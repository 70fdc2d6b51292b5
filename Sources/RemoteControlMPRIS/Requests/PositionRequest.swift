import RemoteControl

/// Whether a call of `org.mpris.MediaPlayer2.Player.SetPosition(o TrackId, x Position)` moves
/// playback: only for the current track and a position within [0, `mpris:length`]; the spec
/// says to ignore the others (a stale track id is a client that raced a track change).
enum PositionRequest: Sendable, Hashable {
  /// Send ``RemoteControlEvent/Command/changePlaybackPosition(_:)`` with this position.
  case move(to: Duration)
  /// The track id is not the current track's.
  case staleTrack
  /// The position is negative or past the length.
  case outOfRange

  /// The request for `trackID` and `position` while `current` plays, of `length` (unknown: `nil`).
  init(trackID: String, position: Microseconds, current: TrackID, length: Microseconds?) {
    guard current != .noTrack, trackID == current.path else {
      self = .staleTrack
      return
    }
    guard position.rawValue >= 0, length.map({ position <= $0 }) ?? true else {
      self = .outOfRange
      return
    }
    self = .move(to: position.duration)
  }
}
