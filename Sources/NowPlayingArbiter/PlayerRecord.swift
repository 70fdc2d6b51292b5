/// What the arbiter knows of one candidate player (one connection), stamped with its logical clock.
struct PlayerRecord: Sendable, Hashable {
  /// The connection's unique name.
  let owner: String
  /// Its candidate bus names, shortest first.
  private(set) var names: [String] = []
  /// When it appeared.
  let appeared: UInt64
  /// Whether a PlaybackStatus was read or announced yet.
  var isStatusKnown = false
  /// Whether its PlaybackStatus is `Playing`.
  var isPlaying = false
  /// Whether a track was read or announced yet.
  var isTrackKnown = false
  /// The identity of its current track, `nil` when it has none.
  var track: String?
  /// When it last started playing.
  var started: UInt64?
  /// Its latest entry in the history: starting to play, a track change, a seek, a command.
  var activity: UInt64?
  /// When a shift left it, unless it had activity since.
  var shiftedAway: UInt64?
  /// Whether it came back after a bus restart and its PlaybackStatus was not read since:
  /// ``isPlaying`` is then what it was before the restart.
  var isRestored = false

  init(owner: String, appeared: UInt64) {
    self.owner = owner
    self.appeared = appeared
  }

  /// The record of a player back after a bus restart under the connection `owner`: `old`'s
  /// history, its PlaybackStatus to be read again.
  init(owner: String, restoring old: PlayerRecord) {
    self.owner = owner
    appeared = old.appeared
    isPlaying = old.isPlaying
    isRestored = true
    isTrackKnown = old.isTrackKnown
    track = old.track
    started = old.started
    activity = old.activity
    shiftedAway = old.shiftedAway
  }

  mutating func add(_ name: String) {
    guard !names.contains(name) else { return }
    names.append(name)
    names.sort { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
  }

  mutating func remove(_ name: String) {
    names.removeAll { $0 == name }
  }

  var startedOrZero: UInt64 { started ?? 0 }

  /// Whether a shift left it and it had no activity since.
  var isShiftedAway: Bool {
    guard let shiftedAway else { return false }
    return shiftedAway > (activity ?? 0)
  }

  var candidate: Candidate {
    Candidate(busName: names.first ?? "", owner: owner, isPlaying: isPlaying)
  }

  /// The activity order of players other than the active one: playing ones by most recent start,
  /// then the rest by most recent history, then those with none by appearance, then those shifted
  /// away from, in the order they were left.
  static func ranksBefore(_ lhs: PlayerRecord, _ rhs: PlayerRecord) -> Bool {
    switch (lhs.isShiftedAway, rhs.isShiftedAway) {
    case (true, true): return (lhs.shiftedAway ?? 0) < (rhs.shiftedAway ?? 0)
    case (true, false): return false
    case (false, true): return true
    case (false, false): break
    }
    switch (lhs.isPlaying, rhs.isPlaying) {
    case (true, true): return lhs.startedOrZero > rhs.startedOrZero
    case (true, false): return true
    case (false, true): return false
    case (false, false): break
    }
    switch (lhs.activity, rhs.activity) {
    case (let left?, let right?): return left > right
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return lhs.appeared < rhs.appeared
    }
  }
}
