import RemoteControl

/// A time in microseconds, the unit of every MPRIS time: `Position`, `mpris:length`, the
/// `Seek` offset and the `SetPosition` position (D-Bus type `x`).
///
/// The corresponding MPRIS type is `Time_In_Us`.
struct Microseconds: RawRepresentable, Sendable, Hashable, Comparable {
  /// The number of microseconds.
  var rawValue: Int64

  init(rawValue: Int64) { self.rawValue = rawValue }

  /// A duration, rounded to the nearest microsecond (halves away from zero); durations past
  /// the range of `Int64` microseconds clamp to it.
  init(_ duration: Duration) {
    let (micro, rest) = duration.attoseconds.quotientAndRemainder(dividingBy: Self.attosecondsPerMicrosecond)
    let half = Self.attosecondsPerMicrosecond / 2
    let rounded = rest >= half ? micro + 1 : rest <= -half ? micro - 1 : micro
    rawValue = Int64(clamping: rounded)
  }

  private static let attosecondsPerMicrosecond: Int128 = 1_000_000_000_000

  /// This time as a duration; negative times are negative durations.
  var duration: Duration { .microseconds(rawValue) }

  /// The size of this time, as a duration (never negative).
  var magnitude: Duration {
    rawValue >= 0 ? .microseconds(rawValue) : .microseconds(rawValue.magnitude)
  }

  static func < (lhs: Microseconds, rhs: Microseconds) -> Bool { lhs.rawValue < rhs.rawValue }
}
