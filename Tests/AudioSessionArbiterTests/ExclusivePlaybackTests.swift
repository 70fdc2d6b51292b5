import AudioSessionArbiter
import Testing

@Suite("Exclusive playback: the player that starts interrupts the one that played")
struct ExclusivePlaybackTests {
  /// `ours` (built with this package) and `mpv`, both paused, with exclusive playback on.
  func twoPausedPlayers(exclusive: Bool = true) -> SessionArbiter {
    var arbiter = SessionArbiter(configuration: .init(isExclusive: exclusive))
    _ = arbiter.handle(.playerAppeared(owner: "ours", isOurs: true, status: .paused))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .paused))
    return arbiter
  }

  @Test func `the second to play pauses the first, and ours is interrupted by the next`() {
    var arbiter = twoPausedPlayers()
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing)) == [.pause(owner: "mpv")])
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [
        .beginInterruption(owner: "ours")
      ])
  }

  @Test func `ours gets no end when the other stops, and its end when it is started again`() {
    var arbiter = twoPausedPlayers()
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing))
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [
        .beginInterruption(owner: "ours")
      ])
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused)) == [])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .stopped)) == [])
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing))
        == [.endInterruption(owner: "ours", shouldResume: false)])
  }

  @Test func `two starts close together: the last wins`() {
    var arbiter = twoPausedPlayers()
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing))
    // mpv's start comes right after: it interrupts ours, and ours pausing starts nothing.
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [
        .beginInterruption(owner: "ours")
      ])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused)) == [])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [])
  }

  @Test func `a player that appears playing pauses the one playing`() {
    var arbiter = twoPausedPlayers()
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    #expect(
      arbiter.handle(.playerAppeared(owner: "chromium", isOurs: false, status: .playing)) == [
        .pause(owner: "mpv")
      ])
  }

  @Test func `with exclusive playback off, both play`() {
    var arbiter = twoPausedPlayers(exclusive: false)
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing)) == [])
  }

  @Test func `a player the hub plays again after a call interrupts nobody`() {
    var arbiter = twoPausedPlayers()
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [.play(owner: "mpv")])
    #expect(arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [])
    // Its next start is one.
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [
        .beginInterruption(owner: "ours")
      ])
  }
}
