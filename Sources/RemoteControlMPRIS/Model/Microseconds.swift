/// A time in microseconds, the unit of every MPRIS time: `Position`, `mpris:length`, the
/// `Seek` offset and the `SetPosition` position (D-Bus type `x`).
///
/// The corresponding MPRIS type is `Time_In_Us`.
///
/// Every conversion to microseconds in the package goes through this type and follows one rule:
/// **round to the nearest microsecond, halves away from zero, and clamp to the range of `Int64`**
/// (NaN seconds are 0).
///
/// - Nearest, because the times converted are mostly not whole microseconds to begin with:
///   seconds from a web page or the command line are binary `Double`s (1.001 s times 10⁶ is
///   1 000 999.999…, which truncation makes 1 000 999 µs), and a position extrapolated at a
///   rate of 1.5 falls between microseconds. Rounding to the nearest keeps every conversion
///   within half a microsecond and unbiased, and converts whole microseconds exactly, so a
///   value read from a player and sent back (`SetPosition` to the `Position` read) is unchanged.
/// - Halves away from zero, so a time and its negation (a `Seek` forward and back) convert to
///   opposite values.
/// - Clamped, so no input (a huge duration, seconds of `1e300`) can trap.
package struct Microseconds: RawRepresentable, Sendable, Hashable, Comparable {
  /// The number of microseconds.
  package var rawValue: Int64

  /// A time of `rawValue` microseconds.
  package init(rawValue: Int64) { self.rawValue = rawValue }

  /// A duration, rounded to the nearest microsecond (halves away from zero); durations past
  /// the range of `Int64` microseconds clamp to it. Converted from the attoseconds, never
  /// through `Double` seconds, so no microsecond is lost however long the duration.
  package init(_ duration: Duration) {
    let (micro, rest) = duration.attoseconds.quotientAndRemainder(dividingBy: Self.attosecondsPerMicrosecond)
    let half = Self.attosecondsPerMicrosecond / 2
    let rounded = rest >= half ? micro + 1 : rest <= -half ? micro - 1 : micro
    rawValue = Int64(clamping: rounded)
  }

  /// A time in seconds, rounded to the nearest microsecond (halves away from zero); times past
  /// the range of `Int64` microseconds (infinities included) clamp to it, and NaN is 0.
  package init(seconds: Double) {
    let micro = (seconds * 1_000_000).rounded(.toNearestOrAwayFromZero)
    if micro.isNaN {
      rawValue = 0
    } else if micro >= 0x1p63 {
      rawValue = .max
    } else if micro <= -0x1p63 {
      rawValue = .min
    } else {
      rawValue = Int64(micro)
    }
  }

  private static let attosecondsPerMicrosecond: Int128 = 1_000_000_000_000

  /// This time as a duration; negative times are negative durations.
  package var duration: Duration { .microseconds(rawValue) }

  /// This time in seconds (to the precision of a `Double`).
  package var seconds: Double { Double(rawValue) / 1_000_000 }

  /// The size of this time, as a duration (never negative).
  package var magnitude: Duration {
    rawValue >= 0 ? .microseconds(rawValue) : .microseconds(rawValue.magnitude)
  }

  /// Whether `lhs` is the earlier time.
  package static func < (lhs: Microseconds, rhs: Microseconds) -> Bool { lhs.rawValue < rhs.rawValue }
}
