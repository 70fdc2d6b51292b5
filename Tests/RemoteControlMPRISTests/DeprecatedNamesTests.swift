import RemoteControl
import RemoteControlMPRIS
import Testing

/// The client's renamed types still compile, with a fix-it, and are the new ones. They are named
/// in deprecated witnesses of a protocol, so that this file compiles without the warnings.
private protocol OldClientNames {
  func playing() -> PlaybackStatus
  func repeatingTheTrack() -> LoopStatus
}

private struct OldNames: OldClientNames {
  @available(*, deprecated)
  func playing() -> PlaybackStatus { PlayerState.Playback.playing }
  @available(*, deprecated)
  func repeatingTheTrack() -> LoopStatus { PlayerState.Loop.track }
}

@Suite struct DeprecatedClientNamesTests {
  @Test func playbackAndLoopAreTheSharedStatusTypes() {
    let old: any OldClientNames = OldNames()
    #expect(old.playing() == .playing)
    #expect(old.repeatingTheTrack() == .track)
    #expect(PlayerState(properties: ["PlaybackStatus": .string("Playing")]).playbackStatus == old.playing())
  }
}

/// `PositionEstimate` gave way to the core's `PositionState`; until it goes, it computes with it.
private protocol OldEstimates {
  func positions(
    at offsets: [Duration], position: Int64, rate: Double, isPlaying: Bool, length: Int64?
  ) -> [Int64]
  func rebased(after offset: Duration, position: Int64, rate: Double, length: Int64?) -> Int64
}

private struct OldEstimate: OldEstimates {
  @available(*, deprecated)
  func positions(
    at offsets: [Duration], position: Int64, rate: Double, isPlaying: Bool, length: Int64?
  ) -> [Int64] {
    let start = ContinuousClock.now
    let estimate = PositionEstimate(
      position: position, rate: rate, isPlaying: isPlaying, length: length, reportedAt: start)
    return offsets.map { estimate.position(at: start + $0) }
  }

  @available(*, deprecated)
  func rebased(after offset: Duration, position: Int64, rate: Double, length: Int64?) -> Int64 {
    let start = ContinuousClock.now
    let estimate = PositionEstimate(
      position: position, rate: rate, isPlaying: true, length: length, reportedAt: start)
    return estimate.rebased(at: start + offset).position
  }
}

@Suite struct DeprecatedPositionEstimateTests {
  private let old: any OldEstimates = OldEstimate()

  @Test func estimatesMoveAtRateWhilePlayingAndStayInsideTheTrack() {
    #expect(
      old.positions(
        at: [.seconds(1), .seconds(10), .seconds(-10)], position: 1_000_000, rate: 2, isPlaying: true,
        length: 5_000_000) == [3_000_000, 5_000_000, 0])
    #expect(
      old.positions(at: [.seconds(10)], position: 1_000_000, rate: 1, isPlaying: false, length: nil)
        == [1_000_000])
    #expect(
      old.rebased(after: .milliseconds(500), position: 1_000_000, rate: 2, length: 5_000_000) == 2_000_000)
  }

  @Test func estimatesAreThePositionStatesPosition() throws {
    let state = try PositionState(duration: .seconds(5), playbackRate: 1.5, position: .seconds(1))
    let expected = state.position(after: .milliseconds(1234))
    let (seconds, attoseconds) = expected.components
    #expect(
      old.positions(
        at: [.milliseconds(1234)], position: 1_000_000, rate: 1.5, isPlaying: true, length: 5_000_000)
        == [seconds * 1_000_000 + attoseconds / 1_000_000_000_000])
  }

  @Test func aReportOutsideTheTrackOrAStillRateDoesNotMove() {
    #expect(
      old.positions(
        at: [.zero, .seconds(1)], position: 9_000_000, rate: 1, isPlaying: true, length: 5_000_000)
        == [5_000_000, 5_000_000])
    #expect(
      old.positions(at: [.seconds(1)], position: 1_000_000, rate: 0, isPlaying: true, length: nil) == [
        1_000_000
      ])
    #expect(
      old.positions(at: [.seconds(1)], position: 1_000_000, rate: .nan, isPlaying: true, length: nil)
        == [1_000_000])
  }
}
