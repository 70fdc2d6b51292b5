import NowPlayingArbiter
import Testing

@Suite("After the bus restarts: the history comes back with the players, by bus name")
struct BusRestartTests {
  /// Every player back under a new unique name, as after a bus restart.
  static func newOwner(_ player: String) -> String { ":2.\(player)" }

  @Test func `a reconnect forgets the connections: no player until they come back`() {
    var bench = Bench(appearing: ["a": .idle])
    let changed = bench.arbiter.reconnected(hubOwner: ":2.hub")
    #expect(changed)
    #expect(bench.active == nil)
    #expect(bench.order == [])
  }

  @Test func `players back under new unique names keep their activity order and the active one`() {
    var bench = Bench()
    for player in ["a", "b", "c", "d"] { bench.appear(player, playing: false) }
    bench.playAndPause("b", "d", "a")
    #expect(bench.order == ["a", "d", "b", "c"])
    // They come back in another order than they first appeared, and read as paused.
    bench.restart(comingBack: ["c": false, "b": false, "d": false, "a": false])
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "d", "b", "c"])
  }

  @Test func `the active player keeps its place even when it comes back after the others`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle])
    bench.playAndPause("b", "a")
    bench.restart(comingBack: ["b": false])
    #expect(bench.active == "b")
    bench.appear("a", owner: Self.newOwner("a"), playing: false)
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "b"])
  }

  @Test func `a player that still plays after the restart has not started playing again`() {
    var bench = Bench(appearing: ["a": .playing, "b": .playing])
    #expect(bench.order == ["a", "b"])
    bench.restart(comingBack: ["b": true, "a": true])
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "b"])
  }

  @Test func `a player that starts playing while the others come back takes over as it would have`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle])
    bench.playAndPause("a")
    bench.restart(comingBack: ["b": true, "a": false])
    #expect(bench.active == "b")
  }

  @Test func `a pin survives the restart`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle])
    bench.select("b")
    bench.restart(comingBack: ["a": false, "b": false])
    #expect(bench.active == "b")
  }

  @Test func `a new player after the restart is new: no history of another's`() {
    var bench = Bench(appearing: ["a": .idle])
    bench.playAndPause("a")
    bench.restart(comingBack: ["z": false, "a": false])
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "z"])
  }
}

extension Bench {
  /// The bus restarts (the hub reconnects as `:2.hub`) and `players` come back, in order, under
  /// new unique names, each read as playing or not.
  mutating func restart(comingBack players: KeyValuePairs<String, Bool>) {
    arbiter.reconnected(hubOwner: ":2.hub")
    for (player, playing) in players {
      appear(player, owner: BusRestartTests.newOwner(player), playing: playing)
    }
  }
}
