import RemoteControl
import RemoteControlTesting
import Testing

/// Values `MediaSession.setPositionState()` refuses, with the error they must raise.
struct InvalidPositionState: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let duration: Duration?
  let playbackRate: Double
  let position: Duration
  let code: PositionStateError.Code
  let message: String

  static let all: [InvalidPositionState] = [
    .init(
      testDescription: "negative duration", duration: .seconds(-1), playbackRate: 1, position: .zero,
      code: .invalidDuration, message: "duration -1.0 s is negative"),
    .init(
      testDescription: "negative position", duration: .seconds(10), playbackRate: 1, position: .seconds(-1),
      code: .invalidPosition, message: "position -1.0 s is outside [0, 10.0] s"),
    .init(
      testDescription: "position past the duration", duration: .seconds(10), playbackRate: 1,
      position: .milliseconds(10500), code: .invalidPosition,
      message: "position 10.5 s is outside [0, 10.0] s"),
    .init(
      testDescription: "negative position in a live stream", duration: nil, playbackRate: 1,
      position: .milliseconds(-500), code: .invalidPosition, message: "position -0.5 s is outside [0, inf] s"),
    .init(
      testDescription: "rate 0", duration: .seconds(10), playbackRate: 0, position: .zero,
      code: .invalidPlaybackRate,
      message: "playback rate is 0; report a pause as the playback state instead"),
    .init(
      testDescription: "NaN rate", duration: .seconds(10), playbackRate: .nan, position: .zero,
      code: .invalidPlaybackRate, message: "playback rate is NaN"),
  ]
}

@Suite("Position state")
struct PositionStateTests {
  let clock = ManualClock()
  let center: NowPlayingInfoCenter

  init() {
    center = NowPlayingInfoCenter(clock: clock)
  }

  // MARK: - Validation

  @Test func validStateKeepsItsValues() throws {
    let state = try PositionState(duration: .seconds(200), playbackRate: 1.5, position: .milliseconds(12250))
    #expect(state.duration == .seconds(200))
    #expect(state.playbackRate == 1.5)
    #expect(state.position == .milliseconds(12250))
    #expect(!state.isLive)
  }

  @Test func rateAndPositionDefaultToOneAndZero() throws {
    let state = try PositionState(duration: .seconds(30))
    #expect(state.playbackRate == 1)
    #expect(state.position == .zero)
  }

  @Test(arguments: InvalidPositionState.all)
  func invalidValuesAreRefusedWithAMessageNamingTheProblem(invalid: InvalidPositionState) {
    let error = #expect(throws: PositionStateError.self) {
      try PositionState(
        duration: invalid.duration, playbackRate: invalid.playbackRate, position: invalid.position)
    }
    #expect(error?.code == invalid.code)
    #expect(error?.message == invalid.message)
    #expect(error?.description == "invalid position state: \(invalid.message)")
  }

  @Test func errorsAreEqualByCodeWhateverTheirMessages() {
    let negative = #expect(throws: PositionStateError.self) { try PositionState(duration: .seconds(-1)) }
    let moreNegative = #expect(throws: PositionStateError.self) { try PositionState(duration: .seconds(-2)) }
    let stopped = #expect(throws: PositionStateError.self) {
      try PositionState(duration: .seconds(1), playbackRate: 0)
    }
    #expect(negative?.message != moreNegative?.message)
    #expect(negative == moreNegative)
    #expect(negative != stopped)
  }

  @Test(arguments: InvalidPositionState.all)
  func refusedSetPositionStateChangesNothing(invalid: InvalidPositionState) throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), playbackRate: 2, position: .seconds(40))
    let before = center.snapshot
    let snapshots = SendableLog<NowPlayingSnapshot>()
    center.observe { snapshots.append($0) }

    let error = #expect(throws: PositionStateError.self) {
      try center.setPositionState(
        duration: invalid.duration, playbackRate: invalid.playbackRate, position: invalid.position)
    }
    #expect(error?.code == invalid.code)
    #expect(center.snapshot == before)
    #expect(center.positionState == before.positionState)
    #expect(snapshots.values.isEmpty)
  }

  @Test(
    arguments: [
      (Duration.zero, 1.0, Duration.zero), (.seconds(10), 1, .seconds(10)), (.seconds(10), -1, .seconds(5)),
      (.seconds(10), 0.25, .zero), (nil, 1, .zero), (nil, 1, .seconds(1_000_000_000)), (nil, -2, .seconds(3)),
      (.seconds(10), .infinity, .seconds(4)),
    ] as [(Duration?, Double, Duration)])
  func boundaryValuesAreAccepted(duration: Duration?, playbackRate: Double, position: Duration) throws {
    let state = try PositionState(duration: duration, playbackRate: playbackRate, position: position)
    #expect(state.duration == duration)
    #expect(state.playbackRate == playbackRate)
    #expect(state.position == position)
  }

  @Test func aMissingDurationIsALiveStream() throws {
    let live = try PositionState(duration: nil, playbackRate: 1, position: .seconds(90))
    #expect(live.isLive)
    #expect(live.duration == nil)
    #expect(live.position == .seconds(90))

    let clip = try PositionState(duration: .milliseconds(2500), position: .milliseconds(500))
    #expect(!clip.isLive)
    #expect(clip.duration == .milliseconds(2500))
    #expect(clip.position == .milliseconds(500))
  }

  @Test func positionAfterElapsedTimeIsClampedToTheItem() throws {
    let state = try PositionState(duration: .seconds(10), playbackRate: 2, position: .seconds(4))
    #expect(state.position(after: .seconds(1)) == .seconds(6))
    #expect(state.position(after: .seconds(3)) == .seconds(10))
    #expect(state.position(after: .seconds(30)) == .seconds(10))
    let backwards = try PositionState(duration: .seconds(10), playbackRate: -1, position: .seconds(4))
    #expect(backwards.position(after: .seconds(3)) == .seconds(1))
    #expect(backwards.position(after: .seconds(5)) == .zero)
  }

  @Test func positionAfterElapsedTimeKeepsFractionsAtARate() throws {
    let state = try PositionState(duration: .seconds(3600), playbackRate: 1.5, position: .milliseconds(1001))
    #expect(state.position(after: .milliseconds(2000)) == .milliseconds(4001))
    #expect(state.position(after: .microseconds(3)) == .microseconds(1_001_004) + .nanoseconds(500))
    #expect(state.position(after: .zero) == .milliseconds(1001))
  }

  @Test func extremeRatesStayWithinTheItemOrTheLongestLiveTime() throws {
    let fast = try PositionState(duration: .seconds(10), playbackRate: .infinity, position: .seconds(4))
    #expect(fast.position(after: .zero) == .seconds(4), "no time moves nowhere, even at an infinite rate")
    #expect(fast.position(after: .nanoseconds(1)) == .seconds(10))
    let back = try PositionState(duration: .seconds(10), playbackRate: -.infinity, position: .seconds(4))
    #expect(back.position(after: .nanoseconds(1)) == .zero)
    let live = try PositionState(duration: nil, playbackRate: 1e300, position: .seconds(4))
    #expect(live.position(after: .seconds(1)) == .microseconds(Int64.max))
  }

  // MARK: - Extrapolation

  @Test func noReportedPositionIsZero() async {
    center.playbackState = .playing
    await clock.advance(by: .seconds(5))
    #expect(center.elapsedPlaybackTime == .zero)
  }

  @Test func positionMovesByElapsedTimeTimesRateWhilePlaying() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), playbackRate: 2, position: .seconds(10))
    #expect(center.elapsedPlaybackTime == .seconds(10))
    await clock.advance(by: .seconds(5))
    #expect(center.elapsedPlaybackTime == .seconds(20))
    await clock.advance(by: .milliseconds(250))
    #expect(center.elapsedPlaybackTime == .milliseconds(20500))
  }

  @Test func positionIsExtrapolatedFromTheTimeOfTheReport() async throws {
    center.playbackState = .playing
    await clock.advance(by: .seconds(50))
    try center.setPositionState(duration: .seconds(100), position: .seconds(10))
    await clock.advance(by: .seconds(3))
    #expect(center.elapsedPlaybackTime == .seconds(13))
    #expect(center.snapshot.positionReportedAt == .seconds(50))
    #expect(center.clockTime == .seconds(53))
    #expect(center.snapshot.position(at: center.clockTime) == .seconds(13))
  }

  @Test func positionIsClampedToTheDuration() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), playbackRate: 2, position: .seconds(90))
    await clock.advance(by: .seconds(60))
    #expect(center.elapsedPlaybackTime == .seconds(100))
  }

  @Test func positionPlayingBackwardsIsClampedToZero() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), playbackRate: -1, position: .seconds(3))
    await clock.advance(by: .seconds(2))
    #expect(center.elapsedPlaybackTime == .seconds(1))
    await clock.advance(by: .seconds(5))
    #expect(center.elapsedPlaybackTime == .zero)
  }

  @Test(arguments: [PlaybackState.unknown, .paused, .stopped, .interrupted])
  func positionHoldsWhileNotPlaying(state: PlaybackState) async throws {
    center.playbackState = state
    try center.setPositionState(duration: .seconds(100), position: .seconds(42))
    await clock.advance(by: .seconds(30))
    #expect(center.elapsedPlaybackTime == .seconds(42))
  }

  @Test func pausingHoldsThePositionReachedAndPlayingResumesFromIt() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), playbackRate: 1, position: .seconds(10))
    await clock.advance(by: .seconds(5))
    center.playbackState = .paused
    #expect(center.elapsedPlaybackTime == .seconds(15))
    #expect(center.positionState?.position == .seconds(15))
    await clock.advance(by: .seconds(20))
    #expect(center.elapsedPlaybackTime == .seconds(15))
    center.playbackState = .playing
    await clock.advance(by: .seconds(2))
    #expect(center.elapsedPlaybackTime == .seconds(17))
  }

  @Test func liveStreamPositionGrowsWithoutEnd() async throws {
    center.playbackState = .playing
    center.setPositionState(try PositionState(duration: nil))
    #expect(center.positionState?.isLive == true)
    await clock.advance(by: .seconds(100_000))
    #expect(center.elapsedPlaybackTime == .seconds(100_000))
  }

  @Test func newReportReplacesTheOldOne() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), position: .seconds(10))
    await clock.advance(by: .seconds(5))
    try center.setPositionState(duration: .seconds(200), playbackRate: 0.5, position: .seconds(80))
    #expect(center.elapsedPlaybackTime == .seconds(80))
    await clock.advance(by: .seconds(4))
    #expect(center.elapsedPlaybackTime == .seconds(82))
    #expect(
      center.positionState
        == (try PositionState(duration: .seconds(200), playbackRate: 0.5, position: .seconds(80))))
  }
}
