import AudioSessionArbiter
import Testing

@Suite("A remote player (AirPlay to this computer): its start interrupts, and it is silenced, never paused")
struct RemotePlayerTests {
  /// `ours` and `mpv` playing, and `airplay`, a remote player, stopped with no session.
  func localPlayersPlaying(_ configuration: SessionArbiter.Configuration = .init()) -> SessionArbiter {
    var arbiter = SessionArbiter(configuration: configuration)
    _ = arbiter.handle(.playerAppeared(owner: "ours", isOurs: true, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .playing))
    _ = arbiter.handle(.playerAppeared(owner: "airplay", isOurs: false, status: .stopped, isRemote: true))
    return arbiter
  }

  @Test
  func
    `its start pauses the local players without exclusive playback, ours interrupted, and its end resumes nothing`()
  {
    var arbiter = localPlayersPlaying()
    _ = arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: true))
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "airplay", status: .playing)) == [
        .beginInterruption(owner: "ours"), .pause(owner: "mpv"),
      ])
    _ = arbiter.handle(.playbackStatusChanged(owner: "ours", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.playbackStatusChanged(owner: "airplay", status: .stopped)) == [])
    #expect(arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: false)) == [])
    // The user's Play on ours ends its interruption, without should-resume.
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "ours", status: .playing)) == [
        .endInterruption(owner: "ours", shouldResume: false)
      ])
  }

  @Test func `a call silences it for the call's length, playing or not, and pauses only the local players`() {
    var arbiter = localPlayersPlaying()
    #expect(
      arbiter.handle(.streamChanged(index: 7, role: "phone")) == [
        .silence(owner: "airplay"), .beginInterruption(owner: "ours"), .pause(owner: "mpv"),
      ])
    #expect(arbiter.silenced == ["airplay"])
    #expect(arbiter.interruption?.interrupted == ["ours", "mpv"])
    #expect(
      arbiter.handle(.streamRemoved(index: 7)) == [
        .restoreSound(owner: "airplay"), .endInterruption(owner: "ours", shouldResume: true),
        .play(owner: "mpv"),
      ])
    #expect(arbiter.silenced == [])
  }

  @Test
  func
    `the phone that starts during a call stays silenced, interrupts nobody twice, and the call's end resumes nothing`()
  {
    var arbiter = localPlayersPlaying()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    #expect(arbiter.handle(.playbackStatusChanged(owner: "airplay", status: .playing)) == [])
    #expect(
      arbiter.handle(.streamRemoved(index: 7)) == [
        .restoreSound(owner: "airplay"), .endInterruption(owner: "ours", shouldResume: false),
      ])
  }

  @Test func `a lost output silences it until its sender's next session, across a call`() {
    var arbiter = SessionArbiter()
    _ = arbiter.handle(.playerAppeared(owner: "airplay", isOurs: false, status: .playing, isRemote: true))
    _ = arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: true))
    #expect(arbiter.handle(.routeLost(owners: ["airplay"])) == [.silence(owner: "airplay")])
    #expect(arbiter.handle(.routeLost(owners: ["airplay"])) == [])
    // A call on top, and its end: still silenced, the session is the same.
    #expect(arbiter.handle(.streamChanged(index: 3, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 3)) == [])
    #expect(arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: false)) == [])
    #expect(arbiter.silenced == ["airplay"])
    #expect(
      arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: true)) == [
        .restoreSound(owner: "airplay")
      ])
  }

  @Test func `a sleep silences it until its sender's next session, and the wake gives nothing back`() {
    var arbiter = localPlayersPlaying()
    _ = arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: true))
    #expect(
      arbiter.handle(.sleepPrepared) == [
        .beginInterruption(owner: "ours"), .pause(owner: "mpv"), .silence(owner: "airplay"),
      ])
    #expect(arbiter.handle(.woke) == [.endInterruption(owner: "ours", shouldResume: false)])
    #expect(arbiter.silenced == ["airplay"])
    _ = arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: false))
    #expect(
      arbiter.handle(.remoteSessionChanged(owner: "airplay", isActive: true)) == [
        .restoreSound(owner: "airplay")
      ])
  }

  @Test func `one that leaves the bus while silenced has its sound given back, and is forgotten`() {
    var arbiter = localPlayersPlaying()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    #expect(arbiter.handle(.playerVanished(owner: "airplay")) == [.restoreSound(owner: "airplay")])
    #expect(
      arbiter.handle(.streamRemoved(index: 7)) == [
        .endInterruption(owner: "ours", shouldResume: true), .play(owner: "mpv"),
      ])
  }

  @Test func `in exclusive playback a local start silences it until its next session, never pauses it`() {
    var arbiter = SessionArbiter(configuration: .init(isExclusive: true))
    _ = arbiter.handle(.playerAppeared(owner: "mpv", isOurs: false, status: .paused))
    _ = arbiter.handle(.playerAppeared(owner: "airplay", isOurs: false, status: .playing, isRemote: true))
    #expect(
      arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .playing)) == [.silence(owner: "airplay")])
  }

  @Test func `with calls left alone, a call silences nothing`() {
    var arbiter = localPlayersPlaying(.init(interruptsOnCalls: false))
    #expect(arbiter.handle(.streamChanged(index: 7, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [])
  }

  @Test func `one that appears during a call is silenced, and given back at its end`() {
    var arbiter = SessionArbiter()
    _ = arbiter.handle(.streamChanged(index: 7, role: "phone"))
    #expect(
      arbiter.handle(.playerAppeared(owner: "airplay", isOurs: false, status: .stopped, isRemote: true)) == [
        .silence(owner: "airplay")
      ])
    #expect(arbiter.handle(.streamRemoved(index: 7)) == [.restoreSound(owner: "airplay")])
  }

  @Test func `one that turns out not to be remote has its sound given back`() {
    var arbiter = SessionArbiter()
    _ = arbiter.handle(.playerAppeared(owner: "relay", isOurs: false, status: .playing, isRemote: true))
    _ = arbiter.handle(.routeLost(owners: ["relay"]))
    #expect(
      arbiter.handle(.playerAppeared(owner: "relay", isOurs: false, status: .paused)) == [
        .restoreSound(owner: "relay")
      ])
    #expect(arbiter.silenced == [])
  }
}
