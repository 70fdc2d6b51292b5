import RemoteControl
import RemoteControlTesting
import Testing

@Suite("ManualClock", .timeLimit(.minutes(3)))
struct ManualClockTests {
  @Test func waitForSleepersReturnsOnceATimerInItsOwnTaskSleeps() async throws {
    let clock = ManualClock()
    let woke = SendableLog<Duration>()
    let timer = Task {
      try await clock.sleep(for: .seconds(1))
      woke.append(clock.now.offset)
    }
    try await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await timer.value
    #expect(woke.values == [.seconds(1)])
  }

  @Test func aTimerWokenAndAsleepAgainHasDoneItsWork() async throws {
    let clock = ManualClock()
    let ticks = SendableLog<Duration>()
    let timer = Task {
      while true {
        try await clock.sleep(for: .milliseconds(500))
        ticks.append(clock.now.offset)
      }
    }
    defer { timer.cancel() }
    for tick in 1...4 {
      try await clock.waitForSleepers()
      await clock.advance(by: .milliseconds(500))
      try await clock.waitForSleepers()
      #expect(ticks.values.count == tick)
    }
    #expect(ticks.values == [.milliseconds(500), .seconds(1), .milliseconds(1500), .seconds(2)])
  }

  @Test func aCancelledSleepLeavesTheClockAtOnce() async throws {
    let clock = ManualClock()
    let timer = Task { try await clock.sleep(for: .seconds(1)) }
    try await clock.waitForSleepers()
    timer.cancel()
    #expect(clock.sleeperCount == 0)
    await #expect(throws: CancellationError.self) { try await timer.value }
  }

  @Test func waitingForASleepThatNeverComesFailsWithTimedOut() async {
    let clock = ManualClock()
    let error = await #expect(throws: ManualClockError.self) {
      try await clock.waitForSleepers(1, timeout: .milliseconds(50))
    }
    #expect(error?.code == .timedOut)
  }

  /// A woken sleep runs when the executor gets to it, which may be after `advance` has moved time
  /// further on: so it is woken no earlier than its deadline, not exactly at it.
  @Test func advanceWakesEverySleepDueByItsEndAndNoneBeforeItsDeadline() async throws {
    let clock = ManualClock()
    let late = Task {
      try await clock.sleep(for: .seconds(3))
      return clock.now.offset
    }
    let early = Task {
      try await clock.sleep(for: .seconds(1))
      return clock.now.offset
    }
    let notDue = Task { try await clock.sleep(for: .seconds(9)) }
    try await clock.waitForSleepers(3)
    await clock.advance(by: .seconds(5))
    #expect(try await early.value >= .seconds(1))
    #expect(try await late.value >= .seconds(3))
    #expect(clock.sleeperCount == 1)
    #expect(clock.now.offset == .seconds(5))
    notDue.cancel()
    _ = await notDue.result
  }

  @Test func aSleepAlreadyDueReturnsAtOnce() async throws {
    let clock = ManualClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func runMovesTimeUntilNoSleepIsLeftAndCheckSuspensionSaysSo() async throws {
    let clock = ManualClock()
    let timer = Task { try await clock.sleep(for: .seconds(7)) }
    try await clock.waitForSleepers()
    let error = await #expect(throws: ManualClockError.self) { try await clock.checkSuspension() }
    #expect(error?.code == .sleepersRemain)
    try await clock.run()
    try await timer.value
    #expect(clock.now.offset == .seconds(7))
    try await clock.checkSuspension()
  }

  @MainActor
  @Test func aContinuousSeekIsTestedTickByTickAsTheArticleSays() async throws {
    let clock = ManualClock()
    let application = Application(nowPlayingInfoCenter: NowPlayingInfoCenter(clock: clock))
    application.beginReceivingRemoteControlEvents()
    var skips: [Duration] = []
    application.commandCenter.skipForwardCommand.addTarget { (interval: Duration) in
      skips.append(interval)
      return .success
    }
    let seek = ContinuousSeek(
      application: application,
      configuration: .init(mode: .skip(.seconds(5)), interval: .milliseconds(500), timeout: .seconds(2)),
      clock: clock)
    seek.begin(.forward)

    try await seek.waitForTimer(on: clock)
    await clock.advance(by: .milliseconds(500))
    try await seek.waitForTimer(on: clock)
    #expect(skips == [.seconds(5)])

    try await clock.advance(by: .seconds(1), waitingFor: seek)
    #expect(skips == [.seconds(5), .seconds(5), .seconds(5)])
    #expect(seek.direction == .forward)

    // The timeout ends the seek: its timer does not sleep again, and the wait still returns.
    try await clock.advance(by: .milliseconds(500), waitingFor: seek)
    #expect(seek.direction == nil)
    #expect(skips.count == 3)
  }
}
