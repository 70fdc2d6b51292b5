import NowPlayingArbiter
import Testing

@Suite("Candidates: MPRIS names but the hub, proxies, ignored names and duplicates")
struct CandidateTests {
  @Test func `only org.mpris.MediaPlayer2 names are candidates`() {
    var bench = Bench()
    bench.arbiter.apply(.nameAppeared(busName: "org.freedesktop.Notifications", owner: ":1.9"))
    bench.arbiter.apply(.nameAppeared(busName: "org.mpris.MediaPlayer2", owner: ":1.8"))
    #expect(bench.order.isEmpty)
    bench.appear("mpv")
    #expect(bench.order == ["mpv"])
  }

  @Test func `every name the hub itself owns is left out`() {
    var bench = Bench(hubOwner: ":1.hub")
    bench.appear("remotectl_proxy", owner: ":1.hub")
    bench.appear("mpv")
    #expect(bench.order == ["mpv"])
  }

  @Test(arguments: [
    "playerctld", "kdeconnect", "kdeconnect.mpris_000001", "remotectld", "remotectld.instance7",
    "GSConnect.PixelSpotify", "GSConnect.Pixel7VLC", "Valent", "Valent.Player0", "Valent.Player12",
  ])
  func `proxies of other players are left out`(player: String) {
    var bench = Bench()
    bench.appear(player, playing: true)
    #expect(bench.order.isEmpty)
    #expect(bench.active == nil)
  }

  @Test func `a name that only starts like a proxy is a candidate`() {
    var bench = Bench()
    for player in ["playerctldfan", "GSConnectFan", "Valentina", "gsconnect.pixel"] { bench.appear(player) }
    #expect(bench.order == ["playerctldfan", "GSConnectFan", "Valentina", "gsconnect.pixel"])
  }

  @Test func `a phone remote playing never takes Now Playing from a paused local player`() {
    var bench = Bench(appearing: ["music": .playing])
    bench.pause("music")
    for remote in ["kdeconnect.mpris_000001", "GSConnect.PixelSpotify", "Valent.Player0"] {
      bench.appear(remote, playing: true)
    }
    #expect(bench.order == ["music"])
    #expect(bench.active == "music")
  }

  @Test func `the ignore list takes player names and bus names, and their instances`() {
    var bench = Bench(ignoring: ["vlc", "org.mpris.MediaPlayer2.spotify"])
    for player in ["vlc", "vlc.instance42", "spotify", "vlcx", "mpv"] { bench.appear(player) }
    #expect(bench.order == ["vlcx", "mpv"])
  }

  @Test func `two names of one connection are one player, named by the shorter`() {
    var bench = Bench()
    bench.appear("vlc.instance42", owner: ":1.7")
    bench.appear("vlc", owner: ":1.7")
    #expect(bench.order == ["vlc"])
    #expect(bench.arbiter.candidate(named: "vlc.instance42")?.owner == ":1.7")
    bench.vanish("vlc", owner: ":1.7")
    #expect(bench.order == ["vlc.instance42"])
    bench.vanish("vlc.instance42", owner: ":1.7")
    #expect(bench.order.isEmpty)
  }

  @Test func `an ignored name of a connection does not hide its other name`() {
    var bench = Bench(ignoring: ["chromium"])
    bench.appear("chromium", owner: ":1.3")
    bench.appear("chromium_tab", owner: ":1.3")
    #expect(bench.order == ["chromium_tab"])
  }

  @Test func `a name that moves to another connection is that connection's player`() {
    var bench = Bench()
    bench.appear("mpv", owner: ":1.1", playing: true)
    bench.vanish("mpv", owner: ":1.1")
    bench.appear("mpv", owner: ":1.2")
    #expect(
      bench.arbiter.nowPlaying.active
        == Candidate(busName: Bench.busName("mpv"), owner: ":1.2", isPlaying: false))
  }

  @Test func `a candidate is found by player name, bus name or unique name`() {
    var bench = Bench()
    bench.appear("mpv", owner: ":1.5")
    #expect(bench.arbiter.candidate(named: "mpv")?.owner == ":1.5")
    #expect(bench.arbiter.candidate(named: "org.mpris.MediaPlayer2.mpv")?.owner == ":1.5")
    #expect(bench.arbiter.candidate(named: ":1.5")?.busName == "org.mpris.MediaPlayer2.mpv")
    #expect(bench.arbiter.candidate(named: "vlc") == nil)
  }

  @Test func `events from connections that are not candidates change nothing`() {
    var bench = Bench(appearing: ["a": .idle])
    bench.appear("playerctld", owner: ":1.p")
    let changed1 = bench.arbiter.apply(
      .playbackStatusChanged(owner: ":1.p", isPlaying: true, source: .announced))
    #expect(!changed1)
    let changed2 = bench.arbiter.apply(.seeked(owner: ":1.unknown"))
    #expect(!changed2)
    #expect(bench.active == "a")
  }
}
