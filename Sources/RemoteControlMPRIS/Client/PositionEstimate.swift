import RemoteControl

/// The playback position between reports, extrapolated the way MPRIS intends: the player
/// reports a position (on `Get`) and its jumps (`Seeked`); in between, position moves at
/// `Rate` while `Playing`. No polling is needed to show a moving position.
///
/// Deprecated: the core's `PositionState` is the one position model. Read
/// ``PlayerState/positionState`` when `Position` is read or `Seeked` arrives, note the instant,
/// and while `Playing` read `positionState.position(after: reportedAt.duration(to: .now))`. Until
/// it goes, this type computes its estimate with the same state.
@available(
  *, deprecated,
  message:
    "use PlayerState.positionState (RemoteControl's PositionState) and, while Playing, its position(after:) the time since the report"
)
public struct PositionEstimate: Sendable, Hashable {
  /// The position reported, in microseconds.
  public var position: Int64
  /// The rate: 1 is normal speed.
  public var rate: Double
  /// Whether the player is playing (position moves only then).
  public var isPlaying: Bool
  /// When the position was reported.
  public var reportedAt: ContinuousClock.Instant
  /// The track length in microseconds, when known: estimates stay within [0, length].
  public var length: Int64?

  /// An estimate anchored at `position` at the instant `reportedAt`.
  public init(
    position: Int64, rate: Double, isPlaying: Bool, length: Int64?,
    reportedAt: ContinuousClock.Instant = .now
  ) {
    self.position = position
    self.rate = rate
    self.isPlaying = isPlaying
    self.length = length
    self.reportedAt = reportedAt
  }

  /// The position at `instant`: position + elapsed × rate while playing, clamped to the track.
  ///
  /// A rate of 0, NaN or infinity does not move the position.
  public func position(at instant: ContinuousClock.Instant = .now) -> Int64 {
    let state = self.state
    guard isPlaying, rate.isFinite, rate != 0 else { return Microseconds(state.position).rawValue }
    return Microseconds(state.position(after: reportedAt.duration(to: instant))).rawValue
  }

  /// A new anchor: `moment`'s estimate re-based, as after a status or rate change.
  public func rebased(at instant: ContinuousClock.Instant = .now) -> PositionEstimate {
    var copy = self
    copy.position = position(at: instant)
    copy.reportedAt = instant
    return copy
  }

  /// The core's position state for what was reported: the position kept within [0, length], a
  /// length of 0 or less unknown.
  private var state: PositionState {
    PositionState(
      clampingDuration: length.map(Duration.microseconds), playbackRate: rate,
      position: .microseconds(position))
  }
}
