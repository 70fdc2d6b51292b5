/// A token bucket for one connection's messages: each message spends a token, tokens come back
/// at the limit's rate up to its burst.
struct MessageRate: Sendable {
  /// What a message may do.
  enum Verdict: Sendable, Hashable {
    /// Read it.
    case accept
    /// Drop it, and tell the client (the first dropped message of a second).
    case dropAndReport
    /// Drop it silently.
    case drop
  }

  private let rate: Double
  private let burst: Double
  private var tokens: Double
  private var last: ContinuousClock.Instant
  private var lastReport: ContinuousClock.Instant?

  /// A full bucket for `limits`.
  init(limits: BridgeLimits, now: ContinuousClock.Instant = .now) {
    rate = limits.messagesPerSecond
    burst = Double(limits.messageBurst)
    tokens = burst
    last = now
  }

  /// Whether a message arriving `now` is read.
  mutating func admit(at now: ContinuousClock.Instant = .now) -> Verdict {
    let elapsed = last.duration(to: now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    tokens = min(burst, tokens + seconds * rate)
    last = now
    if tokens >= 1 {
      tokens -= 1
      return .accept
    }
    if let lastReport, lastReport.duration(to: now) < .seconds(1) { return .drop }
    lastReport = now
    return .dropAndReport
  }
}
