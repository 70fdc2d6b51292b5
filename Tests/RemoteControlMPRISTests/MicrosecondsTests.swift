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
