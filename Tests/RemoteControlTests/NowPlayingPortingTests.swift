import RemoteControl
import RemoteControlTesting
import Testing

/// The Now Playing info center as an iOS port uses it: elapsed time and rate given in the info,
/// a rate of 0 meaning paused, a playback state inferred until the app sets one, and one change
/// for info, state and position.
@Suite("Now Playing as on iOS")
struct NowPlayingPortingTests {
  let clock = ManualClock()
  let center: NowPlayingInfoCenter

  init() {
    center = NowPlayingInfoCenter(clock: clock)
  }

  @Test func elapsedTimeAndRateInTheInfoReportThePositionAndThatItPlays() async throws {
    center.nowPlayingInfo = NowPlayingInfo(
      title: "Episode 1", playbackDuration: .seconds(600), elapsedPlaybackTime: .seconds(30),
      playbackRate: 1.5)
    #expect(center.playbackState == .playing)
    #expect(
      center.positionState
        == (try PositionState(duration: .seconds(600), playbackRate: 1.5, position: .seconds(30))))
    await clock.advance(by: .seconds(2))
    #expect(center.elapsedPlaybackTime == .seconds(33), "the info's time type, read back")
  }

  @Test func aRateOfZeroInTheInfoMeansPausedAndKeepsThePosition() async throws {
    center.nowPlayingInfo = NowPlayingInfo(
      title: "Episode 1", playbackDuration: .seconds(600), elapsedPlaybackTime: .seconds(30), playbackRate: 1)
    await clock.advance(by: .seconds(10))
    center.nowPlayingInfo = NowPlayingInfo(
      title: "Episode 1", playbackDuration: .seconds(600), elapsedPlaybackTime: .seconds(40), playbackRate: 0)
    #expect(center.playbackState == .paused)
    #expect(center.positionState?.position == .seconds(40))
    #expect(center.positionState?.playbackRate == 1, "a pause is a state; the rate stays the last one")
    await clock.advance(by: .seconds(10))
    #expect(center.elapsedPlaybackTime == .seconds(40))
  }

  @Test func theStateIsInferredUntilTheAppSetsOne() {
    #expect(center.playbackState == .unknown)
    center.nowPlayingInfo = NowPlayingInfo(title: "Loaded")
    #expect(center.playbackState == .paused, "an item with no rate is paused, not stopped forever")
    center.nowPlayingInfo = nil
    #expect(center.playbackState == .stopped)
    center.playbackState = .playing
    center.nowPlayingInfo = NowPlayingInfo(title: "Loaded", playbackRate: 0)
    #expect(center.playbackState == .playing, "once the app sets the state, the info no longer says it")
  }

  @Test func infoStateAndPositionChangeTogetherInOneUpdate() throws {
    let snapshots = SendableLog<NowPlayingSnapshot>()
    center.observe { snapshots.append($0) }
    let position = try PositionState(duration: .seconds(300), position: .seconds(12))
    center.setNowPlaying(NowPlayingInfo(title: "Two"), playbackState: .playing, positionState: position)
    #expect(snapshots.values.count == 1)
    let seen = try #require(snapshots.values.first)
    #expect(seen.info?.title == "Two" && seen.playbackState == .playing && seen.positionState == position)
  }
}
