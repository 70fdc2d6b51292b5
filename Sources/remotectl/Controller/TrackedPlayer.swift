internal import RemoteControlMPRIS

/// What a follower knows about one player: its properties, its position estimate and when it
/// last played, kept current from its signals.
struct TrackedPlayer: Sendable {
  /// The player interface's properties.
  var state: PlayerState
  /// The position between reports: moved by Rate while Playing, re-anchored on Seeked.
  var estimate: PositionEstimate
  /// The stamp of the last change to or from Playing seen (larger is later).
  var lastPlayed: UInt64?

  /// A player first seen with `state`; `stamp` marks it as playing now if it is.
  init(state: PlayerState, stamp: UInt64) {
    self.state = state
    estimate = PositionEstimate(
      position: state.position ?? 0, rate: state.rate, isPlaying: state.playbackStatus == .playing,
      length: state.length)
    lastPlayed = state.playbackStatus == .playing ? stamp : nil
  }

  /// Takes in a signal. Returns whether the track changed (its position must then be read again).
  mutating func apply(_ event: PlayerEvent, stamp: UInt64) -> Bool {
    let wasPlaying = state.playbackStatus == .playing
    let oldTrack = state.trackID
    state.apply(event)
    let now = ContinuousClock.now
    switch event {
    case .seeked(let position):
      estimate.position = position
      estimate.reportedAt = now
    case .propertiesChanged:
      estimate = estimate.rebased(at: now)
      estimate.isPlaying = state.playbackStatus == .playing
      estimate.rate = state.rate
      estimate.length = state.length
    }
    if wasPlaying != (state.playbackStatus == .playing) { lastPlayed = stamp }
    return state.trackID != oldTrack
  }

  /// The activity the player-choice rule reads.
  var activity: PlayerActivity { PlayerActivity(state, lastPlayed: lastPlayed) }
}
