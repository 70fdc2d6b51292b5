import AudioSessionArbiter
import Testing

@Suite("The system's sleep pauses every playing player and its wake starts nothing")
struct SleepTests {
  /// `ours` (playing, built with this package), `mpv` (playing), `paused` (paused by its user).
  func threePlayers(_ configuration: SessionArbiter.Configuration = .init()) -> SessionArbiter {
    var arbiter = SessionArbiter(configuration: configuration)
    _ = arbiter.handle(.playerAppeared(owner: "ours", isOurs: true, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "paused", isOurs: false, status: .paused))
    return arbiter
  }

  @Test
  func `sleep interrupts ours and pauses the others that play, and the wake ends ours without should-resume`()
  {
    var arbiter = threePlayers()
    #expect(arbiter.handle(.sleepPrepared) == [.beginInterruption(owner: "ours"), .pause(owner: "mpv")])
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.woke) == [.endInterruption(owner: "ours", shouldResume: false)])
    #expect(arbiter.handle(.woke) == [])
  }

  @Test func `the sleep delay is held while a player plays, and not while the system prepares to sleep`() {
    var arbiter = SessionArbiter()
    #expect(!arbiter.holdsSleepDelay)
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .paused))
    #expect(!arbiter.holdsSleepDelay)
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    #expect(arbiter.holdsSleepDelay)
    _ = arbiter.handle(.sleepPrepared)
    #expect(!arbiter.holdsSleepDelay)
    // Someone plays during the sleep's preparation: the delay waits for the wake.
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    #expect(!arbiter.holdsSleepDelay)
    _ = arbiter.handle(.woke)
    #expect(arbiter.holdsSleepDelay)
    _ = arbiter.handle(.playerVanished(owner: "mpv"))
    #expect(!arbiter.holdsSleepDelay)
  }

  @Test func `a paused player gets nothing, so one that toggles on Pause is not started`() {
    var arbiter = SessionArbiter()
    _ = arbiter.handle(.playerAppeared(owner: "toggler", isOurs: false, status: .paused))
    #expect(arbiter.handle(.sleepPrepared) == [])
    #expect(arbiter.handle(.woke) == [])
  }

  @Test func `a second PrepareForSleep(true) before the wake sends nothing twice`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.sleepPrepared)
    #expect(arbiter.handle(.sleepPrepared) == [])
  }

  @Test func `a call under way resumes nobody after a sleep`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    // mpv was held paused by the call: the sleep has nobody left to pause.
    #expect(arbiter.handle(.sleepPrepared) == [])
    #expect(arbiter.handle(.woke) == [])
    #expect(
      arbiter.handle(.streamRemoved(index: 7)) == [.endInterruption(owner: "ours", shouldResume: false)])
  }

  @Test func `a call during the sleep's preparation sends no second Pause`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.sleepPrepared)
    #expect(arbiter.handle(.streamChanged(index: 7, role: "phone")) == [])
  }

  @Test func `a player of ours that leaves before the wake gets no end`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.sleepPrepared)
    _ = arbiter.handle(.playerVanished(owner: "ours"))
    #expect(arbiter.handle(.woke) == [])
  }

  @Test func `with sleep off, nothing is paused and no delay is held`() {
    var arbiter = threePlayers(.init(pausesForSleep: false))
    #expect(!arbiter.holdsSleepDelay)
    #expect(arbiter.handle(.sleepPrepared) == [])
    #expect(arbiter.handle(.woke) == [])
  }
}
