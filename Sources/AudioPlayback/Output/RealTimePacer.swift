/// Keeps a writer that has no device to block on at the pace of the real clock: after `n`
/// frames it returns no sooner than `n / sampleRate` seconds after the first.
struct RealTimePacer: Sendable {
  let sampleRate: Int
  private var start: Int64?
  private var frames: Int64 = 0

  init(sampleRate: Int) {
    self.sampleRate = sampleRate
  }

  /// Counts `frameCount` more frames, then sleeps until the clock catches up with them.
  mutating func pace(frameCount: Int) {
    let now = POSIXCalls.monotonicNanoseconds()
    let origin = start ?? now
    start = origin
    frames += Int64(frameCount)
    let due = origin + frames * 1_000_000_000 / Int64(sampleRate)
    if due > now { POSIXCalls.sleep(untilMonotonicNanoseconds: due) }
  }

  /// Forgets the frames counted so far: the next `pace(frameCount:)` starts from now, so a pause
  /// is not made up for with a burst.
  mutating func restart() {
    start = nil
    frames = 0
  }
}
