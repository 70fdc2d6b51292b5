public import Clocks

/// A clock that moves only when a test advances it: inject it into ``NowPlayingInfoCenter`` and
/// ``ContinuousSeek`` to test position extrapolation and seek timers without waiting.
///
/// This is swift-clocks' `TestClock`, re-exported so that users need no other import:
/// `let clock = ManualClock()`, then `await clock.advance(by: .seconds(1))`.
public typealias ManualClock = TestClock<Duration>
