/// What is known about how recently a player played, for choosing the Now Playing player.
///
/// A single look at the bus tells only the current `PlaybackStatus`; while following, each
/// change to Playing is stamped, so the one that played most recently is known.
struct PlayerActivity: Hashable, Sendable {
  /// The playback status, as MPRIS's `PlaybackStatus` says it.
  enum Status: Int, Hashable, Sendable, Comparable {
    /// `Playing`.
    case playing = 0
    /// `Paused`.
    case paused = 1
    /// `Stopped`, or a status the player did not give.
    case stopped = 2

    static func < (lhs: Status, rhs: Status) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The current status.
  var status: Status
  /// A stamp (larger is later) of the last time the player was seen playing: when it started
  /// playing if it plays now, when it stopped playing otherwise; `nil` when never seen playing.
  var lastPlayed: UInt64?

  /// Activity with `status` and, when known, when the player last played.
  init(status: Status, lastPlayed: UInt64? = nil) {
    self.status = status
    self.lastPlayed = lastPlayed
  }
}
