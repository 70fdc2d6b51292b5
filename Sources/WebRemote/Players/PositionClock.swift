import FoundationEssentials
import HubSupport
import RemoteControl
import RemoteControlMPRIS

/// The hub's clock as pages read it: milliseconds since the Unix epoch, fixed to the hub's
/// continuous clock once, so that a position reported at one instant is always sent with the same
/// `at` and the page extrapolates it on its own clock.
enum PositionClock {
  /// The continuous clock's instant and the epoch milliseconds read together at start.
  private static let origin = (
    instant: ContinuousClock.now, milliseconds: Date().timeIntervalSince1970 * 1000
  )

  /// `instant` in milliseconds since the Unix epoch.
  static func milliseconds(of instant: ContinuousClock.Instant) -> Int64 {
    let (seconds, attoseconds) = origin.instant.duration(to: instant).components
    return Int64((origin.milliseconds + Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded())
  }

  /// Milliseconds since the Unix epoch now.
  static func now() -> Int64 { milliseconds(of: .now) }

  /// `{"position": …, "rate": …, "at": …}`: where playback was (seconds) when last reported, how
  /// fast it moves (0 while it does not), and when (milliseconds since the epoch).
  static func json(of position: PlayerPosition) -> JSONValue {
    .object([
      ("position", .number(position.state.position / .seconds(1))),
      ("rate", .number(position.isMoving ? position.state.playbackRate : 0)),
      ("at", .integer(milliseconds(of: position.reportedAt))),
    ])
  }
}
