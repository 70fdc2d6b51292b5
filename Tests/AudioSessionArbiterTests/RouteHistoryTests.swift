import AudioSessionArbiter
import Testing

@Suite("Which players played on a lost output does not depend on the order of the server's events")
struct RouteHistoryTests {
  let start = ContinuousClock.now
  let headphones: UInt32 = 1
  let speakers: UInt32 = 2

  func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

  /// firefox and mpv on the headphones, vlc on the speakers.
  func history() -> RouteHistory {
    var history = RouteHistory()
    history.stream(10, playsOn: headphones, for: ["firefox"], at: at(0))
    history.stream(11, playsOn: headphones, for: ["mpv"], at: at(0))
    history.stream(12, playsOn: speakers, for: ["vlc"], at: at(0))
    return history
  }

  @Test func `the sink's removal told before its streams' fate names the players on it`() {
    #expect(history().owners(lostWith: headphones, at: at(5)) == ["firefox", "mpv"])
  }

  @Test func `streams moved off the sink before its removal arrives still count`() {
    var history = history()
    history.stream(10, playsOn: speakers, for: ["firefox"], at: at(1))
    history.stream(11, playsOn: speakers, for: ["mpv"], at: at(1))
    #expect(history.owners(lostWith: headphones, at: at(5)) == ["firefox", "mpv"])
    #expect(history.owners(lostWith: speakers, at: at(5)) == ["firefox", "mpv", "vlc"])
  }

  @Test func `a stream ended before the sink's removal arrives still counts (Firefox's)`() {
    var history = history()
    history.streamEnded(10, at: at(1))
    #expect(history.owners(lostWith: headphones, at: at(5)) == ["firefox", "mpv"])
  }

  @Test func `a player that recreated its stream elsewhere still counts`() {
    var history = history()
    history.streamEnded(11, at: at(1))
    history.stream(13, playsOn: speakers, for: ["mpv"], at: at(2))
    #expect(history.owners(lostWith: headphones, at: at(5)) == ["firefox", "mpv"])
  }

  @Test func `a stream that left the sink long before does not count`() {
    var history = history()
    history.streamEnded(11, at: at(0))
    history.stream(13, playsOn: speakers, for: ["mpv"], at: at(1))
    #expect(history.owners(lostWith: headphones, at: at(2_001 + 1_000)) == ["firefox"])
  }

  @Test func `owners learned after the stream appeared are kept, after it ended too`() {
    var history = RouteHistory()
    history.stream(20, playsOn: headphones, for: [], at: at(0))
    history.stream(20, belongsTo: ["chromium"])
    #expect(history.owners(lostWith: headphones, at: at(1)) == ["chromium"])
    history.streamEnded(20, at: at(2))
    #expect(history.owners(lostWith: headphones, at: at(3)) == ["chromium"])
  }

  @Test func `the departures kept are bounded`() {
    var history = RouteHistory(window: .seconds(60), capacity: 4)
    for index in UInt32(0)..<100 {
      history.stream(index, playsOn: headphones, for: ["p\(index)"], at: at(Int(index)))
      history.streamEnded(index, at: at(Int(index)))
    }
    #expect(history.departureCount == 4)
    #expect(history.owners(lostWith: headphones, at: at(100)) == ["p96", "p97", "p98", "p99"])
  }
}
