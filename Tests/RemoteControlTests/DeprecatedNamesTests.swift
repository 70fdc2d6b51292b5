import RemoteControl
import RemoteControlTesting
import Testing

/// Code written against the names that changed still compiles, with a fix-it, and does what it
/// did: each deprecated member forwards to its replacement.
///
/// The old names are used in deprecated witnesses of a protocol and called through it, so that
/// this file compiles without the warnings they exist to give.
private protocol OldNowPlayingCalls {
  func currentPosition(of center: NowPlayingInfoCenter) -> Double
  func setPositionState(of center: NowPlayingInfoCenter, duration: Double, position: Double) throws
  func positionState(duration: Double, rate: Double, position: Double) throws -> PositionState
  func rate(_ rating: Double) -> RemoteControlEvent.Command
  func seconds(_ duration: Duration) -> Double
}

private struct OldNames: OldNowPlayingCalls {
  @available(*, deprecated)
  func currentPosition(of center: NowPlayingInfoCenter) -> Double { center.currentPosition }

  @available(*, deprecated)
  func setPositionState(of center: NowPlayingInfoCenter, duration: Double, position: Double) throws {
    try center.setPositionState(duration: duration, position: position)
  }

  @available(*, deprecated)
  func positionState(duration: Double, rate: Double, position: Double) throws -> PositionState {
    try PositionState(duration: duration, playbackRate: rate, position: position)
  }

  @available(*, deprecated)
  func rate(_ rating: Double) -> RemoteControlEvent.Command { .rate(rating) }

  @available(*, deprecated)
  func seconds(_ duration: Duration) -> Double { duration.seconds }
}

@Suite struct DeprecatedNamesTests {
  private let old: any OldNowPlayingCalls = OldNames()

  @Test func currentPositionIsElapsedPlaybackTimeInSeconds() async throws {
    let clock = ManualClock()
    let center = NowPlayingInfoCenter(clock: clock)
    try old.setPositionState(of: center, duration: 60, position: 12.5)
    #expect(
      center.positionState == (try PositionState(duration: .seconds(60), position: .milliseconds(12500))))
    center.playbackState = .playing
    await clock.advance(by: .seconds(3))
    #expect(center.elapsedPlaybackTime == .milliseconds(15500))
    #expect(old.currentPosition(of: center) == 15.5)
  }

  @Test func secondsPositionStatesForwardToDurationsAndInfinityIsLive() throws {
    let state = try old.positionState(duration: 90, rate: 1.5, position: 30)
    #expect(state == (try PositionState(duration: .seconds(90), playbackRate: 1.5, position: .seconds(30))))
    #expect(try old.positionState(duration: .infinity, rate: 1, position: 10).isLive)
    #expect(throws: PositionStateError.self) { try old.positionState(duration: .nan, rate: 1, position: 0) }
    #expect(throws: PositionStateError.self) { try old.positionState(duration: 10, rate: 1, position: 11) }
  }

  @Test func rateIsChangeRating() {
    #expect(old.rate(4) == .changeRating(4))
  }

  @Test func durationSecondsIsTheStandardDivisionAndKeepsFractions() {
    #expect(old.seconds(.seconds(3)) == 3)
    #expect(old.seconds(.milliseconds(1500)) == 1.5)
    #expect(old.seconds(.seconds(-2)) == -2)
    #expect(old.seconds(.zero) == 0)
    #expect(old.seconds(.microseconds(1_234_567)) == Duration.microseconds(1_234_567) / .seconds(1))
  }
}

/// `PlaybackQueueError` was an enum: its cases, used as values and as patterns.
private protocol OldQueueErrorCalls {
  func unknownItem(_ id: String) -> PlaybackQueueError
  func duplicateItem(_ id: String) -> PlaybackQueueError
  func isUnknownItem(_ error: any Error) -> Bool
}

private struct OldQueueErrors: OldQueueErrorCalls {
  @available(*, deprecated)
  func unknownItem(_ id: String) -> PlaybackQueueError { .unknownItem(id) }

  @available(*, deprecated)
  func duplicateItem(_ id: String) -> PlaybackQueueError { .duplicateItem(id) }

  @available(*, deprecated)
  func isUnknownItem(_ error: any Error) -> Bool {
    if case PlaybackQueueError.unknownItem("any identifier") = error { return true }
    return false
  }
}

@Suite struct DeprecatedQueueErrorTests {
  private let old: any OldQueueErrorCalls = OldQueueErrors()

  @Test func theEnumsCasesAreErrorsWithTheirCodeAndIdentifier() {
    let unknown = old.unknownItem("x")
    #expect(unknown.code == .unknownItem)
    #expect(unknown.itemID == "x")
    #expect(unknown.message == "the queue has no item \"x\"")
    let duplicate = old.duplicateItem("a")
    #expect(duplicate.code == .duplicateItem)
    #expect(duplicate.message == "the queue already has an item \"a\"")
  }

  @Test func theOldPatternsMatchAnErrorOfTheirCode() {
    var queue = PlaybackQueue(items: [QueueItem(id: "a", info: NowPlayingInfo())], canEdit: true)
    let unknown = #expect(throws: PlaybackQueueError.self) { try queue.remove("x") }
    let duplicate = #expect(throws: PlaybackQueueError.self) {
      try queue.insert(QueueItem(id: "a", info: NowPlayingInfo()), after: nil)
    }
    #expect(unknown.map(old.isUnknownItem) == true)
    #expect(duplicate.map(old.isUnknownItem) == false)
    #expect(!old.isUnknownItem(CancellationError()))
  }
}
