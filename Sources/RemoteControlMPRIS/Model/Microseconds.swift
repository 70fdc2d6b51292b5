import RemoteControl

/// A time in microseconds, the unit of every MPRIS time: `Position`, `mpris:length`, the
/// `Seek` offset and the `SetPosition` position (D-Bus type `x`).
///
/// The corresponding MPRIS type is `Time_In_Us`.
struct Microseconds: RawRepresentable, Sendable, Hashable, Comparable {
  /// The number of microseconds.
  var rawValue: Int64

  init(rawValue: Int64) { self.rawValue = rawValue }

  /// Seconds rounded to the nearest microsecond; NaN becomes 0 and values out of range clamp.
  init(seconds: Double) {
    let micro = (seconds * 1_000_000).rounded()
    if micro.isNaN {
      rawValue = 0
    } else if micro >= Double(Int64.max) {
      rawValue = .max
    } else if micro <= Double(Int64.min) {
      rawValue = .min
    } else {
      rawValue = Int64(micro)
    }
  }

  /// A duration, rounded to the nearest microsecond.
  init(_ duration: Duration) { self.init(seconds: duration.seconds) }

  /// This time in seconds.
  var seconds: Double { Double(rawValue) / 1_000_000 }

  /// This time as a duration; negative times are negative durations.
  var duration: Duration { .microseconds(rawValue) }

  /// The size of this time, as a duration (never negative).
  var magnitude: Duration {
    rawValue >= 0 ? .microseconds(rawValue) : .microseconds(rawValue.magnitude)
  }

  static func < (lhs: Microseconds, rhs: Microseconds) -> Bool { lhs.rawValue < rhs.rawValue }
}
