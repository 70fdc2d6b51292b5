import RemoteControl
import RemoteControlBackend
import RemoteControlTesting
import Testing

/// Seeked-style jumps: a new position report away from where playback had got to, on the same
/// item; never normal progress or a new item's first report.
@Suite("Position jumps")
struct PositionJumpDetectorTests {
  let clock = ManualClock()
  let center: NowPlayingInfoCenter
  var detector = PositionJumpDetector(tolerance: .milliseconds(100))

  init() throws {
    center = NowPlayingInfoCenter(clock: clock)
    center.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "a", title: "A")
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(100), position: .seconds(10))
  }

  @Test mutating func progressReportedWhereItGotIsNotAJump() async throws {
    #expect(detector.position(after: center.snapshot) == nil)
    await clock.advance(by: .seconds(5))
    try center.setPositionState(duration: .seconds(100), position: .seconds(15))
    #expect(detector.position(after: center.snapshot) == nil)
  }

  @Test mutating func aReportAwayFromTheExtrapolatedPositionIsAJumpToIt() async throws {
    #expect(detector.position(after: center.snapshot) == nil)
    await clock.advance(by: .seconds(5))
    try center.setPositionState(duration: .seconds(100), position: .seconds(60))
    #expect(detector.position(after: center.snapshot) == .seconds(60))
  }

  @Test mutating func aNewItemsFirstReportIsNotAJumpButItsSecondCanBe() async throws {
    #expect(detector.position(after: center.snapshot) == nil)
    center.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "b", title: "B")
    #expect(detector.position(after: center.snapshot) == nil)
    try center.setPositionState(duration: .seconds(50), position: .zero)
    #expect(detector.position(after: center.snapshot) == nil)
    try center.setPositionState(duration: .seconds(50), position: .seconds(30))
    #expect(detector.position(after: center.snapshot) == .seconds(30))
  }

  @Test mutating func snapshotsWithoutANewReportAreNeverJumps() {
    #expect(detector.position(after: center.snapshot) == nil)
    center.playbackState = .paused
    #expect(detector.position(after: center.snapshot) == nil)
  }
}
