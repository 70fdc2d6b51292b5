import NowPlayingArbiter
import Testing

@Suite("The activity order: the order in which the rule would choose the players")
struct ActivityOrderTests {
  @Test func `active first, then playing by latest start, then by history, then by appearance`() {
    var bench = Bench()
    for player in ["idle1", "idle2", "seeked", "paused", "early", "late", "active"] {
      bench.appear(player, playing: false)
    }
    bench.play("active")
    bench.play("paused")
    bench.pause("paused")
    bench.seek("seeked")
    bench.play("early")
    bench.play("late")
    #expect(bench.order == ["active", "late", "early", "seeked", "paused", "idle1", "idle2"])
  }

  @Test func `the order is the rule's choice when the players ahead go away`() {
    var bench = Bench()
    for player in ["a", "b", "c", "d"] { bench.appear(player, playing: false) }
    bench.play("d")
    bench.play("b")
    bench.pause("b")
    bench.seek("c")
    var expected = bench.order
    while let first = expected.first {
      #expect(bench.active == first)
      bench.vanish(first)
      expected.removeFirst()
      #expect(bench.order == expected)
    }
  }

  @Test func `an event reports a change only when the active player or the order changes`() {
    var bench = Bench()
    let first = bench.appear("a", playing: false)
    #expect(first)
    let second = bench.appear("b", playing: false)
    let third = bench.appear("c", playing: false)
    #expect(second && third)
    let activeStarts = bench.play("a")
    let activeSeeks = bench.seek("a")
    #expect(!activeStarts && !activeSeeks)
    let lastStarts = bench.play("c")
    #expect(lastStarts)
    #expect(bench.order == ["a", "c", "b"])
    let volume = bench.other("c", ["Volume"])
    let secondStartsAgain = bench.play("c")
    #expect(!volume && !secondStartsAgain)
  }

  @Test func `the answer carries each candidate's bus name, connection and whether it plays`() {
    let bench = Bench(appearing: ["a": .playing])
    #expect(
      bench.arbiter.nowPlaying
        == NowPlaying(
          active: Candidate(busName: "org.mpris.MediaPlayer2.a", owner: ":1.a", isPlaying: true),
          players: [Candidate(busName: "org.mpris.MediaPlayer2.a", owner: ":1.a", isPlaying: true)]))
    #expect(bench.arbiter.nowPlaying.active?.playerName == "a")
  }
}
