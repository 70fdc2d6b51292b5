/// Where a player's position was at one instant, and how fast it moves: MPRIS `Position` is
/// computed from it on each read, never polled and never announced.
///
/// It is set from a read of `Position` and from each `Seeked`, and rebased whenever
/// `PlaybackStatus` or `Rate` changes.
struct PositionAnchor: Sendable, Hashable {
  /// The position at ``time``, in microseconds.
  var position: Int64 = 0
  /// How many microseconds of track pass per microsecond: the player's `Rate` while it plays,
  /// 0 otherwise.
  var rate: Double = 0
  /// When the player was at ``position``.
  var time: ContinuousClock.Instant = .now

  /// The position at `instant`, never below 0.
  func position(at instant: ContinuousClock.Instant) -> Int64 {
    let (seconds, attoseconds) = (instant - time).components
    let elapsed = Double(seconds) * 1_000_000 + Double(attoseconds) / 1_000_000_000_000
    return max(0, position + Int64((elapsed * rate).rounded()))
  }

  /// Moves the anchor to `instant`, where the position has got to, and goes on at `rate`.
  mutating func rebase(at instant: ContinuousClock.Instant, rate: Double) {
    position = position(at: instant)
    time = instant
    self.rate = rate
  }
}
