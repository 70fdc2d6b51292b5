import NowPlayingArbiter
import Testing

@Suite("The active player: stays while it plays, else the latest to start playing, else the last active")
struct ActivePlayerTests {
  // MARK: - A new player takes over only if it plays or nothing is active

  @Test func `the first player is active even when idle, since nothing else is`() {
    var bench = Bench()
    let changed1 = bench.appear("a", playing: false)
    #expect(changed1)
    #expect(bench.active == "a")
  }

  @Test func `a new idle player does not take over a paused active player`() {
    var bench = Bench(appearing: ["a": .idle])
    bench.play("a")
    bench.pause("a")
    bench.appear("b", playing: false)
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "b"])
  }

  @Test func `a new idle player does not take over a playing one`() {
    let bench = Bench(appearing: ["a": .playing, "b": .idle])
    #expect(bench.active == "a")
  }

  @Test func `a new playing player takes over a paused active player`() {
    let bench = Bench(appearing: ["a": .idle, "b": .playing])
    #expect(bench.active == "b")
    #expect(bench.order == ["b", "a"])
  }

  @Test func `a new player whose status was not read yet waits, then takes over when it plays`() {
    var bench = Bench(appearing: ["a": .idle, "b": .unread])
    #expect(bench.active == "a")
    bench.arbiter.apply(.playbackStatusChanged(owner: Bench.owner("b"), isPlaying: true, source: .read))
    #expect(bench.active == "b")
  }

  // MARK: - The active player stays while it plays

  @Test func `the active player stays while it plays, even when another starts playing`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle])
    bench.play("b")
    #expect(bench.active == "a")
    #expect(bench.order == ["a", "b"])
  }

  // MARK: - Otherwise the one that most recently started playing and still plays

  @Test func `a playing player wins over the paused active one`() {
    var bench = Bench(appearing: ["a": .playing, "b": .playing])
    #expect(bench.active == "a")
    let changed2 = bench.pause("a")
    #expect(changed2)
    #expect(bench.active == "b")
  }

  @Test func `of several playing players, the latest to start wins`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
    bench.play("c")
    bench.play("b")
    bench.pause("a")
    #expect(bench.active == "b")
    #expect(bench.order == ["b", "c", "a"])
  }

  @Test func `a Playing announced again is not a new start`() {
    var bench = Bench(appearing: ["a": .playing, "b": .playing, "c": .playing])
    bench.play("b")
    bench.pause("a")
    #expect(bench.active == "c")
  }

  @Test func `a read status older than an announced one is ignored`() {
    var bench = Bench(appearing: ["a": .idle, "b": .unread])
    bench.play("b")
    bench.arbiter.apply(.playbackStatusChanged(owner: Bench.owner("b"), isPlaying: false, source: .read))
    #expect(bench.active == "b")
    #expect(bench.arbiter.nowPlaying.active?.isPlaying == true)
  }

  // MARK: - If none plays, the last active one stays

  @Test func `pausing the active player keeps it active, so the same key resumes it`() {
    var bench = Bench(appearing: ["a": .idle, "b": .playing])
    bench.pause("b")
    #expect(bench.active == "b")
    bench.play("b")
    #expect(bench.active == "b")
  }

  @Test func `pausing another player is not activity`() {
    var bench = Bench(appearing: ["a": .playing, "b": .playing])
    bench.pause("a")
    #expect(bench.active == "b")
    bench.pause("b")
    bench.play("a")
    bench.pause("a")
    #expect(bench.active == "a")
    // b pausing again, stopping, or announcing Paused changes nothing.
    let changed3 = bench.pause("b")
    #expect(!changed3)
    #expect(bench.active == "a")
  }

  // MARK: - Else the most recent in the history

  @Test func `when the active player goes, the most recent to start playing follows`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle, "c": .idle])
    bench.play("b")
    bench.pause("b")
    bench.play("c")
    bench.pause("c")
    bench.play("a")
    bench.pause("a")
    bench.vanish("a")
    #expect(bench.active == "c")
  }

  @Test func `a track change, a seek and a command through the hub count as activity`() {
    for activity in ["track", "seek", "command"] {
      var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
      bench.track("b", "one", source: .read)
      bench.play("c")
      bench.pause("c")
      switch activity {
      case "track": bench.track("b", "two")
      case "seek": bench.seek("b")
      default: bench.command("b")
      }
      bench.vanish("a")
      #expect(bench.active == "b", "\(activity)")
    }
  }

  @Test func `Position, Volume and Can* changes are never activity`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
    bench.play("c")
    bench.pause("c")
    let changed4 = bench.other(
      "b", ["Position", "Volume", "CanGoNext", "CanPlay", "Rate", "Shuffle", "LoopStatus"])
    #expect(!changed4)
    bench.vanish("a")
    #expect(bench.active == "c")
  }

  @Test func `the first metadata known and the same track again are not a track change`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
    bench.play("c")
    bench.pause("c")
    bench.track("b", "one")
    bench.track("b", "one")
    bench.track("b", "two", source: .read)
    bench.vanish("a")
    #expect(bench.active == "c")
    bench.track("b", nil)
    #expect(bench.order == ["c", "b"])
    bench.vanish("c")
    #expect(bench.active == "b")
  }

  @Test func `with no history, the earliest player to appear follows`() {
    var bench = Bench(appearing: ["a": .idle, "b": .idle, "c": .idle])
    bench.vanish("a")
    #expect(bench.active == "b")
    #expect(bench.order == ["b", "c"])
  }

  @Test func `a playing player follows the active one that goes, before any history`() {
    var bench = Bench(appearing: ["a": .playing, "b": .idle, "c": .idle])
    bench.seek("b")
    bench.play("c")
    bench.vanish("a")
    #expect(bench.active == "c")
  }

  @Test func `when every player goes, none is active`() {
    var bench = Bench(appearing: ["a": .playing])
    let changed5 = bench.vanish("a")
    #expect(changed5)
    #expect(bench.active == nil)
    #expect(bench.order.isEmpty)
  }
}
