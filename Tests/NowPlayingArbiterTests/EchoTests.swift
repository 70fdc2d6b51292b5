import NowPlayingArbiter
import Testing

@Suite("Echoes: a browser's copy of a lock screen page is never a candidate")
struct EchoTests {
  static let binaural = "org.mpris.MediaPlayer2.binaural"
  static let beats = EchoRule.Track(title: "Alpha 10 Hz", artist: "binaural", album: "Beats")
  static let next = EchoRule.Track(title: "Theta 6 Hz", artist: "binaural", album: "Beats")
  static let video = EchoRule.Track(title: "A video", artist: "Someone", album: "")

  /// Chromium's player: an echo when it shows what a page hands over.
  static let chromium = ["org.mpris.MediaPlayer2.chromium.instance9"]

  /// A rule to which binaural's page is handed over, showing ``beats``.
  static func handingOverBeats() -> EchoRule {
    var rule = EchoRule()
    rule.handOver([binaural])
    rule.source(binaural, shows: beats)
    return rule
  }

  /// Whether `rule` judges Chromium's player (`:1.9`) showing `track` an echo (outside `#expect`,
  /// which cannot call a mutating method).
  static func isChromiumEcho(_ rule: inout EchoRule, showing track: EchoRule.Track?) -> Bool {
    rule.judge(owner: ":1.9", busNames: chromium, track: track)
  }

  // MARK: - The rule

  @Test func `a player showing what a page hands over is an echo, the player handed over is not`() {
    var rule = Self.handingOverBeats()
    let isEcho1 = rule.judge(owner: ":1.2", busNames: [Self.binaural], track: Self.beats)
    #expect(!isEcho1)
    let isEcho2 = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(isEcho2)
    #expect(rule.echoes == [":1.9"])
    #expect(rule.bridgedEchoes.isEmpty)
  }

  @Test func `an echo a track behind its page is still one`() {
    var rule = Self.handingOverBeats()
    rule.source(Self.binaural, shows: Self.next)
    let isEcho3 = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(isEcho3)
    let isEcho4 = Self.isChromiumEcho(&rule, showing: Self.next)
    #expect(isEcho4)
  }

  @Test func `an echo whose page let go stays one while it shows no title; a new untitled player is none`() {
    var rule = Self.handingOverBeats()
    let isEcho5 = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(isEcho5)
    rule.handOver([])
    let isEcho6 = Self.isChromiumEcho(&rule, showing: nil)
    #expect(isEcho6)
    let isEcho7 = rule.judge(owner: ":1.5", busNames: ["org.mpris.MediaPlayer2.mpv"], track: nil)
    #expect(!isEcho7)
  }

  @Test func `a new untitled player is held while a page hands over, until it shows a title or none does`() {
    var rule = Self.handingOverBeats()
    let held = rule.judge(owner: ":1.9", busNames: Self.chromium, track: nil, isNew: true)
    #expect(held)
    let found = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(found)
    let mpv = ["org.mpris.MediaPlayer2.mpv"]
    let mpvHeld = rule.judge(owner: ":1.5", busNames: mpv, track: nil, isNew: true)
    #expect(mpvHeld)
    rule.handOver([])
    let mpvReleased = rule.judge(owner: ":1.5", busNames: mpv, track: nil)
    #expect(!mpvReleased)
    let chromiumKept = Self.isChromiumEcho(&rule, showing: nil)
    #expect(chromiumKept)
  }

  @Test func `the browser playing a video of its own is a player again`() {
    var rule = Self.handingOverBeats()
    let isEcho8 = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(isEcho8)
    let isEcho9 = Self.isChromiumEcho(&rule, showing: Self.video)
    #expect(!isEcho9)
    #expect(rule.echoes.isEmpty)
  }

  @Test func `nothing is an echo while no page hands anything over`() {
    var rule = EchoRule()
    rule.source(Self.binaural, shows: Self.beats)
    let isEcho10 = Self.isChromiumEcho(&rule, showing: Self.beats)
    #expect(!isEcho10)
  }

  @Test func `only the last tracks handed over are remembered`() {
    var rule = EchoRule()
    rule.handOver([Self.binaural])
    for index in 0...EchoRule.rememberedTracks {
      rule.source(Self.binaural, shows: EchoRule.Track(title: "\(index)", artist: "", album: ""))
    }
    let first = EchoRule.Track(title: "0", artist: "", album: "")
    let last = EchoRule.Track(title: "\(EchoRule.rememberedTracks)", artist: "", album: "")
    let isEcho11 = Self.isChromiumEcho(&rule, showing: first)
    #expect(!isEcho11)
    let isEcho12 = Self.isChromiumEcho(&rule, showing: last)
    #expect(isEcho12)
  }

  @Test func `a bridged page is a source: its browser's player is an echo, whichever shows the track first`()
  {
    let page = "org.mpris.MediaPlayer2.ToneDemo"
    let chromium = "org.mpris.MediaPlayer2.chromium.instance9"
    var rule = EchoRule()
    rule.bridge([page])
    #expect(rule.isHandingOver)
    // The browser's player shows the page's track before the bridged player does.
    let before = rule.judge(owner: ":1.9", busNames: [chromium], track: Self.beats)
    #expect(!before)
    let isNew = rule.source(page, shows: Self.beats)
    #expect(isNew)
    let after = rule.judge(owner: ":1.9", busNames: [chromium], track: Self.beats)
    #expect(after)
    #expect(rule.bridgedEchoes == [":1.9"])
    // A lock screen page handed over and then let go leaves the bridged page a source.
    rule.handOver([Self.binaural])
    rule.handOver([])
    #expect(rule.sources == [page])
    let bridgedItself = rule.judge(owner: ":1.4", busNames: [page], track: Self.beats)
    #expect(!bridgedItself)
    let again = rule.source(page, shows: Self.beats)
    #expect(!again)
  }

  // MARK: - The arbiter

  @Test func `an echo that plays never becomes active, is not listed, and cannot be selected or shifted to`()
  {
    var bench = Bench(appearing: ["binaural": .idle, "chromium.instance9": .idle])
    bench.arbiter.apply(.echoChanged(owner: Bench.owner("chromium.instance9"), isEcho: true))
    bench.play("chromium.instance9")
    #expect(bench.active == "binaural")
    #expect(bench.order == ["binaural"])
    #expect(bench.arbiter.candidate(named: "chromium.instance9") == nil)
    bench.select("chromium.instance9")
    bench.shift()
    #expect(bench.active == "binaural")
  }

  @Test func `an active player found to be an echo gives way`() {
    var bench = Bench(appearing: ["binaural": .idle, "chromium.instance9": .playing])
    #expect(bench.active == "chromium.instance9")
    bench.arbiter.apply(.echoChanged(owner: Bench.owner("chromium.instance9"), isEcho: true))
    #expect(bench.active == "binaural")
  }

  @Test func `an echo that turns into a playing player takes over as one that started playing`() {
    var bench = Bench(appearing: ["binaural": .playing, "chromium.instance9": .unread])
    bench.arbiter.apply(.echoChanged(owner: Bench.owner("chromium.instance9"), isEcho: true))
    bench.play("chromium.instance9")
    #expect(bench.active == "binaural")
    bench.pause("binaural")
    #expect(bench.active == "binaural")
    bench.arbiter.apply(.echoChanged(owner: Bench.owner("chromium.instance9"), isEcho: false))
    #expect(bench.active == "chromium.instance9")
  }

  @Test func `while unread players are held, a new player is listed once its status is known`() {
    var bench = Bench(appearing: ["binaural": .playing])
    bench.arbiter.apply(.holdUnreadPlayers(true))
    bench.appear("chromium.instance9")
    #expect(bench.order == ["binaural"])
    bench.arbiter.apply(.echoChanged(owner: Bench.owner("chromium.instance9"), isEcho: true))
    bench.arbiter.apply(
      .playbackStatusChanged(owner: Bench.owner("chromium.instance9"), isPlaying: true, source: .read))
    #expect(bench.order == ["binaural"])
    bench.appear("mpv")
    #expect(bench.order == ["binaural"])
    bench.pause("mpv")
    #expect(bench.order == ["binaural", "mpv"])
    bench.arbiter.apply(.holdUnreadPlayers(false))
    bench.appear("vlc")
    #expect(bench.order == ["binaural", "mpv", "vlc"])
  }
}
