import Foundation

/// Where playback was at one instant and how fast it moves: `{position, rate, at}`, as the W3C
/// Media Session's position state and MPRIS's `Position` with `Rate` describe it.
struct PositionAnchor: Sendable, Hashable {
  /// The position in seconds at ``at``.
  var position: Double
  /// How fast position moves now: the player's `Rate` while it plays, 0 otherwise.
  var rate: Double
  /// Milliseconds since the Unix epoch, on the hub's clock.
  var at: Int64

  /// The position extrapolated to `time` (milliseconds since the epoch), at least 0.
  func position(at time: Int64) -> Double {
    max(0, position + Double(time - at) / 1000 * rate)
  }

  /// `{"position": …, "rate": …, "at": …}`.
  var json: JSON {
    .object([("position", .number(position)), ("rate", .number(rate)), ("at", .integer(at))])
  }

  /// Milliseconds since the Unix epoch now.
  static func now() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
  }
}
