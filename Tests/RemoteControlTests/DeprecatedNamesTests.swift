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
}
