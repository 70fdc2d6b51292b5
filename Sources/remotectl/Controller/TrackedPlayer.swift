internal import RemoteControl
internal import RemoteControlMPRIS

/// What a follower knows about one player: its properties, its position and when it last played,
/// kept current from its signals.
struct TrackedPlayer: Sendable {
  /// The player interface's properties.
  var state: PlayerState
  /// The position between reports, as the hub keeps it: moved by Rate while Playing, re-anchored
  /// on Seeked.
  var position: PlayerPosition
  /// The stamp of the last change to or from Playing seen (larger is later).
  var lastPlayed: UInt64?

  /// A player first seen with `state`; `stamp` marks it as playing now if it is.
  init(state: PlayerState, stamp: UInt64) {
    self.state = state
    position = PlayerPosition(
      microseconds: state.position ?? 0, rate: state.rate, lengthMicroseconds: state.length,
      isMoving: state.playbackStatus == .playing, at: .now)
    lastPlayed = state.playbackStatus == .playing ? stamp : nil
  }

  /// Takes in a signal. Returns whether the track changed (its position must then be read again).
  mutating func apply(_ event: PlayerEvent, stamp: UInt64) -> Bool {
    let wasPlaying = state.playbackStatus == .playing
    let oldTrack = state.trackID
    state.apply(event)
    let now = ContinuousClock.now
    switch event {
    case .seeked(let microseconds):
      report(microseconds, at: now)
    case .propertiesChanged:
      position = PlayerPosition(
        microseconds: position.microseconds(at: now), rate: state.rate, lengthMicroseconds: state.length,
        isMoving: state.playbackStatus == .playing, at: now)
    }
    if wasPlaying != (state.playbackStatus == .playing) { lastPlayed = stamp }
    return state.trackID != oldTrack
  }

  /// Takes in a position the player reported (a `Seeked`, or `Position` read) at `instant`.
  mutating func report(_ microseconds: Int64, at instant: ContinuousClock.Instant) {
    position = PlayerPosition(
      microseconds: microseconds, rate: position.state.playbackRate,
      lengthMicroseconds: position.lengthMicroseconds, isMoving: position.isMoving, at: instant)
  }

  /// The activity the player-choice rule reads.
  var activity: PlayerActivity { PlayerActivity(state, lastPlayed: lastPlayed) }
}
