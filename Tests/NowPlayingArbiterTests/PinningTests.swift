import NowPlayingArbiter
import Testing

@Suite("Shift, unshift and select pin a player until it goes away or another starts playing")
struct PinningTests {
  /// Three paused players with a, b, c in activity order.
  func threePaused() -> Bench {
    var bench = Bench()
    for player in ["c", "b", "a"] {
      bench.appear(player, playing: false)
      bench.play(player)
      bench.pause(player)
    }
    return bench
  }

  @Test func `shift pins the next player and sends the one it leaves to the back`() {
    var bench = threePaused()
    #expect(bench.order == ["a", "b", "c"])
    let changed1 = bench.shift()
    #expect(changed1)
    #expect(bench.order == ["b", "c", "a"])
    bench.shift()
    #expect(bench.order == ["c", "a", "b"])
    bench.shift()
    #expect(bench.order == ["a", "b", "c"])
  }

  @Test func `unshift pins the last player and undoes a shift`() {
    var bench = threePaused()
    bench.unshift()
    #expect(bench.order == ["c", "a", "b"])
    bench.shift()
    #expect(bench.order == ["a", "b", "c"])
    bench.shift()
    bench.unshift()
    #expect(bench.order == ["a", "b", "c"])
  }

  @Test func `shift passes over a playing player, which stays away while it merely plays on`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle])
    bench.shift()
    #expect(bench.active == "b")
    #expect(bench.order == ["b", "a"])
    bench.other("a", ["Position"])
    bench.track("a", "first", source: .read)
    #expect(bench.active == "b")
  }

  @Test func `shift with a single player, or none, changes nothing`() {
    var bench = Bench()
    let changed2 = bench.shift()
    #expect(!changed2)
    let changed3 = bench.unshift()
    #expect(!changed3)
    bench.appear("a", playing: false)
    let changed4 = bench.shift()
    #expect(!changed4)
    let changed5 = bench.unshift()
    #expect(!changed5)
    #expect(bench.active == "a")
  }

  @Test func `select pins the player named by player name, bus name or unique name`() {
    var bench = threePaused()
    bench.select("c")
    #expect(bench.active == "c")
    bench.select("org.mpris.MediaPlayer2.b")
    #expect(bench.active == "b")
    bench.select(Bench.owner("a"))
    #expect(bench.active == "a")
    let changed6 = bench.select("nosuch")
    #expect(!changed6)
    #expect(bench.active == "a")
  }

  @Test func `a pinned player stays over a playing one that merely plays on or seeks`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle])
    bench.select("b")
    bench.seek("a")
    bench.track("a", "x", source: .read)
    bench.track("a", "y")
    bench.command("a")
    #expect(bench.active == "b")
  }

  @Test func `the pin ends when another player starts playing`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
    bench.select("b")
    bench.pause("a")
    #expect(bench.active == "b")
    bench.play("c")
    #expect(bench.active == "c")
  }

  @Test func `after the pin ends, a pinned player that plays stays active while it plays`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle])
    bench.select("b")
    bench.play("b")
    bench.play("a")
    #expect(bench.active == "b")
    bench.pause("b")
    #expect(bench.active == "a")
  }

  @Test func `the pin ends when the pinned player goes away`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle])
    bench.select("b")
    bench.vanish("b")
    #expect(bench.active == "a")
    bench.appear("b", playing: false)
    #expect(bench.active == "a")
  }

  @Test func `selecting counts as a command sent through the hub`() {
    var bench = threePaused()
    bench.select("c")
    bench.select("a")
    bench.vanish("a")
    #expect(bench.active == "c")
  }
}
