import AudioSessionArbiter
import Testing

@Suite("A call interrupts the playing players and its end resumes only what the hub paused")
struct CallTests {
  /// `ours` (playing, built with this package), `mpv` (playing), `paused` (paused by its user).
  func threePlayers() -> SessionArbiter {
    var arbiter = SessionArbiter()
    #expect(arbiter.handle(.playerAppeared(owner: "ours", isOurs: true, status: .playing)) == [])
    #expect(arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing)) == [])
    #expect(arbiter.handle(.playerAppeared(owner: "paused", isOurs: false, status: .paused)) == [])
    return arbiter
  }

  @Test func `a phone stream interrupts ours and pauses the others that play, in order`() throws {
    var arbiter = threePlayers()
    #expect(
      arbiter.handle(.streamChanged(index: 7, role: "phone"))
        == [.beginInterruption(owner: "ours"), .pause(owner: "mpv")])
    let interruption = try #require(arbiter.interruption)
    #expect(interruption.callStreams == [7])
    #expect(!interruption.isRequested)
    #expect(interruption.willResume == ["ours", "mpv"])
    #expect(interruption.interrupted == ["ours", "mpv"])
  }

  @Test func `the call's end resumes what it paused and ends ours with should-resume`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(
      arbiter.handle(.streamRemoved(index: 7))
        == [.endInterruption(owner: "ours", shouldResume: true), .play(owner: "mpv")])
    #expect(arbiter.interruption == nil)
  }

  @Test func `a communication stream is a call too, and other roles are not`() {
    var arbiter = threePlayers()
    #expect(arbiter.handle(.streamChanged(index: 1, role: "music")) == [])
    #expect(arbiter.handle(.streamChanged(index: 2, role: nil)) == [])
    #expect(arbiter.handle(.streamChanged(index: 3, role: "communication")).count == 2)
  }

  @Test func `the call roles are configurable`() {
    var arbiter = SessionArbiter(configuration: .init(callRoles: ["voip"]))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [])
    #expect(arbiter.handle(.streamChanged(index: 2, role: "voip")) == [.pause(owner: "mpv")])
  }

  @Test func `a stream whose role changes away from a call ends it`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    #expect(
      arbiter.handle(.streamChanged(index: 7, role: "music"))
        == [.endInterruption(owner: "ours", shouldResume: true), .play(owner: "mpv")])
  }

  @Test func `two overlapping calls interrupt once and resume after the last`() {
    var arbiter = threePlayers()
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")).count == 2)
    #expect(arbiter.handle(.streamChanged(index: 2, role: "phone")) == [])
    #expect(arbiter.handle(.streamChanged(index: 2, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
    #expect(arbiter.interruption?.callStreams == [2])
    #expect(arbiter.handle(.streamRemoved(index: 2)).count == 2)
    #expect(arbiter.handle(.streamRemoved(index: 2)) == [])
  }

  @Test func `a requested interruption and a call overlap as one`() {
    var arbiter = threePlayers()
    #expect(arbiter.handle(.interruptionRequested).count == 2)
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [])
    #expect(arbiter.handle(.interruptionEndRequested) == [])
    #expect(arbiter.interruption?.isRequested == false)
    #expect(arbiter.handle(.streamRemoved(index: 1)).count == 2)
  }

  @Test func `a requested interruption ends when asked`() {
    var arbiter = threePlayers()
    #expect(
      arbiter.handle(.interruptionRequested) == [.beginInterruption(owner: "ours"), .pause(owner: "mpv")])
    #expect(arbiter.interruption?.isRequested == true)
    #expect(
      arbiter.handle(.interruptionEndRequested)
        == [.endInterruption(owner: "ours", shouldResume: true), .play(owner: "mpv")])
    #expect(arbiter.handle(.interruptionEndRequested) == [])
  }

  @Test func `a press during the call wins: the hub resumes neither ours nor another it paused`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.userPressed(owner: "ours"))
    _ = arbiter.handle(.userPressed(owner: "mpv"))
    #expect(arbiter.interruption?.willResume == [])
    #expect(
      arbiter.handle(.streamRemoved(index: 7)) == [.endInterruption(owner: "ours", shouldResume: false)])
  }

  @Test func `a player started by someone else during the call is not resumed, even if paused again`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [.endInterruption(owner: "ours", shouldResume: true)])
  }

  @Test func `the user's own paused player is neither paused nor resumed`() {
    var arbiter = threePlayers()
    let began = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    let ended = arbiter.handle(.streamRemoved(index: 7))
    #expect(!(began + ended).contains { "\($0)".contains("\"paused\"") })
  }

  @Test func `a player that starts playing during the call is left alone`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "paused", status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "late", isOurs: false, status: .playing))
    #expect(
      arbiter.handle(.streamRemoved(index: 7))
        == [.endInterruption(owner: "ours", shouldResume: true), .play(owner: "mpv")])
  }

  @Test func `a player that leaves during the call is forgotten`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.playerVanished(owner: "mpv"))
    #expect(arbiter.interruption?.interrupted == ["ours"])
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [.endInterruption(owner: "ours", shouldResume: true)])
  }

  @Test func `with calls turned off nothing is interrupted or resumed`() {
    var arbiter = SessionArbiter(configuration: .init(interruptsOnCalls: false))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    #expect(arbiter.handle(.streamChanged(index: 7, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [])
  }

  @Test func `a second call after the first ended interrupts afresh`() {
    var arbiter = threePlayers()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    _ = arbiter.handle(.userPressed(owner: "mpv"))
    _ = arbiter.handle(.streamRemoved(index: 7))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing))
    #expect(
      arbiter.handle(.streamChanged(index: 8, role: "phone"))
        == [.beginInterruption(owner: "ours"), .pause(owner: "mpv")])
    #expect(arbiter.interruption?.willResume == ["ours", "mpv"])
  }

  @Test func `events about unknown players change nothing`() {
    var arbiter = SessionArbiter()
    #expect(arbiter.handle(.playbackStatusChanged(owner: "ghost", status: .playing)) == [])
    #expect(arbiter.handle(.userPressed(owner: "ghost")) == [])
    #expect(arbiter.handle(.playerVanished(owner: "ghost")) == [])
    #expect(arbiter.handle(.routeLost(owners: ["ghost"])) == [])
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [])
    #expect(arbiter.interruption?.interrupted == [])
  }
}

@Suite("A lost output pauses what played on it; a device arriving starts nothing")
struct RouteTests {
  func players() -> SessionArbiter {
    var arbiter = SessionArbiter()
    _ = arbiter.handle(.playerAppeared(owner: "ours", isOurs: true, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "other", isOurs: false, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "idle", isOurs: false, status: .paused))
    return arbiter
  }

  @Test func `a lost output tells ours and pauses the others that played on it`() {
    var arbiter = players()
    #expect(
      arbiter.handle(.routeLost(owners: ["mpv", "ours", "idle"]))
        == [.routeLost(owner: "ours"), .pause(owner: "mpv")])
  }

  @Test func `a device arriving starts nothing`() {
    var arbiter = players()
    _ = arbiter.handle(.routeLost(owners: ["mpv"]))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.routeArrived) == [])
  }

  @Test func `with route losses turned off nothing is paused`() {
    var arbiter = SessionArbiter(configuration: .init(pausesOnRouteLoss: false))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    #expect(arbiter.handle(.routeLost(owners: ["mpv"])) == [])
  }

  @Test func `an interrupted player whose output was lost is not resumed after the call`() {
    var arbiter = players()
    _ = arbiter.handle(.streamChanged(index: 1, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    #expect(arbiter.handle(.routeLost(owners: ["mpv", "ours"])) == [])
    #expect(
      arbiter.handle(.streamRemoved(index: 1))
        == [.endInterruption(owner: "ours", shouldResume: false), .play(owner: "other")])
  }
}
