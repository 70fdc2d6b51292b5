/// The playback position between reports, extrapolated the way MPRIS intends: the player
/// reports a position (on `Get`) and its jumps (`Seeked`); in between, position moves at
/// `Rate` while `Playing`. No polling is needed to show a moving position.
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
  public func position(at instant: ContinuousClock.Instant = .now) -> Int64 {
    guard isPlaying else { return clamp(position) }
    let elapsed = reportedAt.duration(to: instant)
    let (seconds, attoseconds) = elapsed.components
    let elapsedMicroseconds = Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    let moved = Double(position) + elapsedMicroseconds * rate
    guard moved.isFinite else { return clamp(position) }
    return clamp(Int64(max(-9.2e18, min(9.2e18, moved))))
  }

  /// A new anchor: `moment`'s estimate re-based, as after a status or rate change.
  public func rebased(at instant: ContinuousClock.Instant = .now) -> PositionEstimate {
    var copy = self
    copy.position = position(at: instant)
    copy.reportedAt = instant
    return copy
  }

  private func clamp(_ value: Int64) -> Int64 {
    var result = max(0, value)
    if let length, length > 0 { result = min(result, length) }
    return result
  }
}
