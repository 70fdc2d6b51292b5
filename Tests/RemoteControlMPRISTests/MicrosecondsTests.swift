import Testing

@testable import RemoteControlMPRIS

/// MPRIS times from `Duration`s: converted from the attoseconds, never through `Double` seconds.
@Suite("Microseconds")
struct MicrosecondsTests {
  @Test func durationsRoundToTheNearestMicrosecondHalvesAwayFromZero() {
    #expect(Microseconds(.seconds(42)).rawValue == 42_000_000)
    #expect(Microseconds(.nanoseconds(1_499)).rawValue == 1)
    #expect(Microseconds(.nanoseconds(1_500)).rawValue == 2)
    #expect(Microseconds(.nanoseconds(-1_499)).rawValue == -1)
    #expect(Microseconds(.nanoseconds(-1_500)).rawValue == -2)
    #expect(Microseconds(.zero).rawValue == 0)
  }

  @Test func longDurationsKeepEveryMicrosecond() {
    // 10^12 s + 1 µs: a Double of seconds holds about 16 digits and would lose the microsecond.
    let long = Duration.seconds(1_000_000_000_000) + .microseconds(1)
    #expect(Microseconds(long).rawValue == 1_000_000_000_000_000_001)
  }

  @Test func durationsPastTheRangeClampToIt() {
    #expect(Microseconds(.seconds(Int64.max)).rawValue == .max)
    #expect(Microseconds(.seconds(Int64.min)).rawValue == .min)
  }
}

/// The one rounding rule of every conversion to microseconds in the package (``Microseconds``):
/// to the nearest, halves away from zero, clamped to `Int64`; from durations and from `Double`
/// seconds alike.
@Suite("Microseconds from seconds")
struct MicrosecondsFromSecondsTests {
  @Test func `a duration half a microsecond past rounds away from zero, just under it rounds back`() {
    #expect(Microseconds(.nanoseconds(1_000_000_500)).rawValue == 1_000_001)
    #expect(Microseconds(.nanoseconds(1_000_000_499)).rawValue == 1_000_000)
    #expect(Microseconds(.nanoseconds(-1_000_000_500)).rawValue == -1_000_001)
    #expect(Microseconds(.nanoseconds(-1_000_000_499)).rawValue == -1_000_000)
  }

  @Test func `seconds round to the nearest microsecond, not down`() {
    // 1.001 × 10⁶ is 1 000 999.999… in binary floating point: truncation gave 1 000 999.
    #expect(Microseconds(seconds: 1.001).rawValue == 1_001_000)
    #expect(Microseconds(seconds: -1.001).rawValue == -1_001_000)
    #expect(Microseconds(seconds: 1.000_000_5).rawValue == 1_000_001)
    #expect(Microseconds(seconds: -1.000_000_5).rawValue == -1_000_001)
    #expect(Microseconds(seconds: 1.000_000_4).rawValue == 1_000_000)
    #expect(Microseconds(seconds: 0.000_000_5).rawValue == 1)
    #expect(Microseconds(seconds: -0.000_000_5).rawValue == -1)
    #expect(Microseconds(seconds: 0).rawValue == 0)
  }

  @Test func `a time and its negation convert to opposite values`() {
    for seconds in [0.000_000_5, 0.29, 1.001, 2.5, 15, 1234.567_890_5] {
      #expect(
        Microseconds(seconds: -seconds).rawValue == -Microseconds(seconds: seconds).rawValue, "\(seconds)")
    }
  }

  @Test func `whole microseconds convert back unchanged`() {
    for microseconds: Int64 in [0, 1, -1, 999_999, 1_000_999, 289_999, 3_600_000_001, 1 << 50, -(1 << 50)] {
      let time = Microseconds(rawValue: microseconds)
      #expect(Microseconds(seconds: time.seconds).rawValue == microseconds, "\(microseconds) µs via seconds")
      #expect(Microseconds(time.duration).rawValue == microseconds, "\(microseconds) µs via a duration")
    }
  }

  @Test func `huge and infinite seconds clamp to the range, NaN is 0`() {
    #expect(Microseconds(seconds: 1e300).rawValue == .max)
    #expect(Microseconds(seconds: -1e300).rawValue == .min)
    #expect(Microseconds(seconds: .infinity).rawValue == .max)
    #expect(Microseconds(seconds: -.infinity).rawValue == .min)
    #expect(Microseconds(seconds: 9_223_372_036_854.775_807).rawValue == .max)
    #expect(Microseconds(seconds: .nan).rawValue == 0)
  }
}
