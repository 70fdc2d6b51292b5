import RemoteControl
import RemoteControlTesting
import Testing

/// Values `MediaSession.setPositionState()` refuses, with the error they must raise.
struct InvalidPositionState: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let duration: Double
  let playbackRate: Double
  let position: Double
  let code: PositionStateError.Code
  let message: String

  static let all: [InvalidPositionState] = [
    .init(
      testDescription: "negative duration", duration: -1, playbackRate: 1, position: 0,
      code: .invalidDuration, message: "duration -1.0 s is negative"),
    .init(
      testDescription: "negative infinite duration", duration: -.infinity, playbackRate: 1,
      position: 0, code: .invalidDuration, message: "duration -inf s is negative"),
    .init(
      testDescription: "NaN duration", duration: .nan, playbackRate: 1, position: 0,
      code: .invalidDuration, message: "duration is NaN"),
    .init(
      testDescription: "negative position", duration: 10, playbackRate: 1, position: -1,
      code: .invalidPosition, message: "position -1.0 s is outside [0, 10.0] s"),
    .init(
      testDescription: "position past the duration", duration: 10, playbackRate: 1, position: 10.5,
      code: .invalidPosition, message: "position 10.5 s is outside [0, 10.0] s"),
    .init(
      testDescription: "NaN position", duration: 10, playbackRate: 1, position: .nan,
      code: .invalidPosition, message: "position is NaN"),
    .init(
      testDescription: "rate 0", duration: 10, playbackRate: 0, position: 0,
      code: .invalidPlaybackRate,
      message: "playback rate is 0; report a pause as the playback state instead"),
    .init(
      testDescription: "NaN rate", duration: 10, playbackRate: .nan, position: 0,
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
    let state = try PositionState(duration: 200, playbackRate: 1.5, position: 12.25)
    #expect(state.duration == 200)
    #expect(state.playbackRate == 1.5)
    #expect(state.position == 12.25)
    #expect(!state.isLive)
  }

  @Test func rateAndPositionDefaultToOneAndZero() throws {
    let state = try PositionState(duration: 30)
    #expect(state.playbackRate == 1)
    #expect(state.position == 0)
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

  @Test(arguments: InvalidPositionState.all)
  func refusedSetPositionStateChangesNothing(invalid: InvalidPositionState) throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, playbackRate: 2, position: 40)
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
      (0.0, 1.0, 0.0), (10, 1, 10), (10, -1, 5), (10, 0.25, 0), (.infinity, 1, 0),
      (.infinity, 1, 1e9), (.infinity, -2, 3),
    ])
  func boundaryValuesAreAccepted(duration: Double, playbackRate: Double, position: Double) throws {
    let state = try PositionState(duration: duration, playbackRate: playbackRate, position: position)
    #expect(state.duration == duration)
    #expect(state.playbackRate == playbackRate)
    #expect(state.position == position)
  }

  @Test func durationInitializerMakesAMissingDurationLive() throws {
    let live = try PositionState(duration: nil, playbackRate: 1, position: .seconds(90))
    #expect(live.isLive)
    #expect(live.duration == .infinity)
    #expect(live.position == 90)

    let clip = try PositionState(duration: .milliseconds(2500), position: .milliseconds(500))
    #expect(!clip.isLive)
    #expect(clip.duration == 2.5)
    #expect(clip.position == 0.5)
  }

  @Test func durationInitializerChecksToo() {
    let error = #expect(throws: PositionStateError.self) {
      try PositionState(duration: .seconds(10), position: .seconds(11))
    }
    #expect(error?.code == .invalidPosition)
  }

  @Test func durationSecondsKeepFractions() {
    #expect(Duration.seconds(3).seconds == 3)
    #expect(Duration.milliseconds(1500).seconds == 1.5)
    #expect(Duration.seconds(-2).seconds == -2)
    #expect(Duration.zero.seconds == 0)
  }

  @Test func positionAfterElapsedTimeIsClampedToTheItem() throws {
    let state = try PositionState(duration: 10, playbackRate: 2, position: 4)
    #expect(state.position(after: .seconds(1)) == 6)
    #expect(state.position(after: .seconds(3)) == 10)
    #expect(state.position(after: .seconds(30)) == 10)
    let backwards = try PositionState(duration: 10, playbackRate: -1, position: 4)
    #expect(backwards.position(after: .seconds(3)) == 1)
    #expect(backwards.position(after: .seconds(5)) == 0)
  }

  // MARK: - Extrapolation

  @Test func noReportedPositionIsZero() async {
    center.playbackState = .playing
    await clock.advance(by: .seconds(5))
    #expect(center.currentPosition == 0)
  }

  @Test func positionMovesByElapsedTimeTimesRateWhilePlaying() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, playbackRate: 2, position: 10)
    #expect(center.currentPosition == 10)
    await clock.advance(by: .seconds(5))
    #expect(center.currentPosition == 20)
    await clock.advance(by: .milliseconds(250))
    #expect(center.currentPosition == 20.5)
  }

  @Test func positionIsExtrapolatedFromTheTimeOfTheReport() async throws {
    center.playbackState = .playing
    await clock.advance(by: .seconds(50))
    try center.setPositionState(duration: 100, position: 10)
    await clock.advance(by: .seconds(3))
    #expect(center.currentPosition == 13)
    #expect(center.snapshot.positionReportedAt == .seconds(50))
    #expect(center.clockTime == .seconds(53))
    #expect(center.snapshot.position(at: center.clockTime) == 13)
  }

  @Test func positionIsClampedToTheDuration() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, playbackRate: 2, position: 90)
    await clock.advance(by: .seconds(60))
    #expect(center.currentPosition == 100)
  }

  @Test func positionPlayingBackwardsIsClampedToZero() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, playbackRate: -1, position: 3)
    await clock.advance(by: .seconds(2))
    #expect(center.currentPosition == 1)
    await clock.advance(by: .seconds(5))
    #expect(center.currentPosition == 0)
  }

  @Test(arguments: [PlaybackState.unknown, .paused, .stopped, .interrupted])
  func positionHoldsWhileNotPlaying(state: PlaybackState) async throws {
    center.playbackState = state
    try center.setPositionState(duration: 100, position: 42)
    await clock.advance(by: .seconds(30))
    #expect(center.currentPosition == 42)
  }

  @Test func pausingHoldsThePositionReachedAndPlayingResumesFromIt() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, playbackRate: 1, position: 10)
    await clock.advance(by: .seconds(5))
    center.playbackState = .paused
    #expect(center.currentPosition == 15)
    #expect(center.positionState?.position == 15)
    await clock.advance(by: .seconds(20))
    #expect(center.currentPosition == 15)
    center.playbackState = .playing
    await clock.advance(by: .seconds(2))
    #expect(center.currentPosition == 17)
  }

  @Test func liveStreamPositionGrowsWithoutEnd() async throws {
    center.playbackState = .playing
    center.setPositionState(try PositionState(duration: nil))
    #expect(center.positionState?.isLive == true)
    await clock.advance(by: .seconds(100_000))
    #expect(center.currentPosition == 100_000)
  }

  @Test func newReportReplacesTheOldOne() async throws {
    center.playbackState = .playing
    try center.setPositionState(duration: 100, position: 10)
    await clock.advance(by: .seconds(5))
    try center.setPositionState(duration: 200, playbackRate: 0.5, position: 80)
    #expect(center.currentPosition == 80)
    await clock.advance(by: .seconds(4))
    #expect(center.currentPosition == 82)
    #expect(center.positionState == (try PositionState(duration: 200, playbackRate: 0.5, position: 80)))
  }
}
