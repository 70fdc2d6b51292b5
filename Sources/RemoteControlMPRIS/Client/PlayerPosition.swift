package import RemoteControl

/// Where a player's playback is, as a controller knows it without asking: the core's
/// ``RemoteControl/PositionState`` (position, rate, length) as last reported, when it was reported,
/// and whether it moves. The hub's view of the players and remotectl keep one per player.
///
/// MPRIS never signals `Position`: a player reports it when asked (`Get`) and announces its jumps
/// (`Seeked`). In between it moves at `Rate` while `PlaybackStatus` is `Playing`, exactly as a Media
/// Session's position state does, so a controller extrapolates it instead of polling.
package struct PlayerPosition: Sendable, Hashable {
  /// The reported position, rate and length.
  package var state: PositionState
  /// When ``state`` was reported, on the hub's clock.
  package var reportedAt: ContinuousClock.Instant
  /// Whether the position moves: the player is `Playing`.
  package var isMoving: Bool

  /// A position at `microseconds`, read at `instant`: the value is kept within [0, length]
  /// (a player may report one outside), a `Rate` of 0 or none counts as 1 (MPRIS: 0 means
  /// paused, which ``isMoving`` says), and a length of 0 or less means an unknown one.
  package init(
    microseconds: Int64, rate: Double?, lengthMicroseconds: Int64?, isMoving: Bool,
    at instant: ContinuousClock.Instant
  ) {
    self.state = PositionState(
      clampingDuration: lengthMicroseconds.map(Duration.microseconds), playbackRate: rate ?? 1,
      position: .microseconds(microseconds))
    self.reportedAt = instant
    self.isMoving = isMoving
  }

  /// Position 0, not moving, length unknown.
  package static let zero = PlayerPosition(
    microseconds: 0, rate: 1, lengthMicroseconds: nil, isMoving: false, at: .now)

  /// The position at `instant`: the reported one, moved on by the time since at the rate while
  /// moving, within [0, length].
  package func position(at instant: ContinuousClock.Instant) -> Duration {
    guard isMoving else { return state.position }
    return state.position(after: reportedAt.duration(to: instant))
  }

  /// The position at `instant` in microseconds, as MPRIS's `Position` reads (``Microseconds``'
  /// rounding: to the nearest).
  package func microseconds(at instant: ContinuousClock.Instant) -> Int64 {
    Microseconds(position(at: instant)).rawValue
  }

  /// The same position carried on from `instant`, moving or not, at `rate`: after a change of
  /// `PlaybackStatus` or `Rate`.
  package func rebased(at instant: ContinuousClock.Instant, rate: Double?, isMoving: Bool) -> PlayerPosition {
    PlayerPosition(
      microseconds: microseconds(at: instant), rate: rate ?? state.playbackRate,
      lengthMicroseconds: lengthMicroseconds, isMoving: isMoving, at: instant)
  }

  /// The same anchor with another length (a new `mpris:length`).
  package func withLength(_ microseconds: Int64?, at instant: ContinuousClock.Instant) -> PlayerPosition {
    PlayerPosition(
      microseconds: self.microseconds(at: instant), rate: state.playbackRate,
      lengthMicroseconds: microseconds,
      isMoving: isMoving, at: instant)
  }

  /// The length in microseconds, `nil` when unknown.
  package var lengthMicroseconds: Int64? {
    state.duration.map { Microseconds($0).rawValue }
  }
}
