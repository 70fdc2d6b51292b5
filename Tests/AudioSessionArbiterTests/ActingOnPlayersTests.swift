import AudioSessionArbiter
import Testing

@Suite("The hub acts on players as they are: Pause only to one that plays, Play only to one still paused")
struct ActingOnPlayersTests {
  func arbiter(_ players: [(String, SessionArbiter.Status)]) -> SessionArbiter {
    var arbiter = SessionArbiter()
    for (owner, status) in players {
      _ = arbiter.handle(.playerAppeared(owner: owner, isOurs: false, status: status))
    }
    return arbiter
  }

  @Test func `a call pauses only the players that play, never a stopped or paused one`() {
    var arbiter = arbiter([("playing", .playing), ("paused", .paused), ("stopped", .stopped)])
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [.pause(owner: "playing")])
  }

  @Test func `the same lost output told twice (the port, then the sink) pauses once`() {
    var arbiter = arbiter([("vlc", .playing)])
    #expect(arbiter.handle(.routeLost(owners: ["vlc"])) == [.pause(owner: "vlc")])
    #expect(arbiter.handle(.routeLost(owners: ["vlc"])) == [])
  }

  @Test func `a call right after a lost output pauses nothing more, and its end resumes nothing`() {
    var arbiter = arbiter([("vlc", .playing)])
    _ = arbiter.handle(.routeLost(owners: ["vlc"]))
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
  }

  @Test func `a player that stopped during the call is not played after it`() {
    var arbiter = arbiter([("mpv", .playing)])
    _ = arbiter.handle(.streamChanged(index: 1, role: "phone"))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .stopped))
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
  }

  @Test func `a player that paused itself on the server's cork before the hub saw the call resumes itself`() {
    var arbiter = arbiter([("vlc", .playing)])
    // PulseAudio's module-role-cork asked vlc to cork; vlc paused before the call's stream
    // reached the hub.
    _ = arbiter.handle(.playbackStatusChanged(owner: "vlc", status: .paused))
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
    // Its own resume on uncork is its own: nothing is doubled.
    #expect(arbiter.handle(.playbackStatusChanged(owner: "vlc", status: .playing)) == [])
  }

  @Test func `a player paused by the hub and by the server's cork, that resumed itself, gets no Play`() {
    var arbiter = arbiter([("vlc", .playing)])
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [.pause(owner: "vlc")])
    _ = arbiter.handle(.playbackStatusChanged(owner: "vlc", status: .paused))
    // The server uncorked it as the call ended, before the call's end reached the hub.
    _ = arbiter.handle(.playbackStatusChanged(owner: "vlc", status: .playing))
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
  }

  @Test
  func `a player told Pause by the hub and by WirePlumber stays paused, and a call's end resumes it once`() {
    var arbiter = arbiter([("mpv", .playing)])
    #expect(arbiter.handle(.streamChanged(index: 1, role: "phone")) == [.pause(owner: "mpv")])
    // WirePlumber's pause and the hub's both announced.
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.streamChanged(index: 2, role: "phone")) == [])
    #expect(arbiter.handle(.streamRemoved(index: 1)) == [])
    #expect(arbiter.handle(.streamRemoved(index: 2)) == [.play(owner: "mpv")])
  }

  @Test func `a player WirePlumber paused for a lost output is not paused again`() {
    var arbiter = arbiter([("mpv", .playing)])
    _ = arbiter.handle(.playbackStatusChanged(owner: "mpv", status: .paused))
    #expect(arbiter.handle(.routeLost(owners: ["mpv"])) == [])
  }

  @Test func `MPRIS statuses read as the arbiter's`() {
    #expect(SessionArbiter.Status(mpris: "Playing") == .playing)
    #expect(SessionArbiter.Status(mpris: "Paused") == .paused)
    #expect(SessionArbiter.Status(mpris: "Stopped") == .stopped)
    #expect(SessionArbiter.Status(mpris: nil) == .stopped)
  }
}
