import Testing

@testable import remotectl

/// remotectl's record of the players that played last (``PlayerHistory``), and the order it gives
/// ``PlayerChoice`` without a hub.
@Suite("The record of the player that played last")
struct PlayerHistoryTests {
  static let mpvPlaying: [String: PlayerActivity] = [
    "binaural": .init(status: .paused), "mpv": .init(status: .playing),
  ]
  static let bothPaused: [String: PlayerActivity] = [
    "binaural": .init(status: .paused), "mpv": .init(status: .paused),
  ]

  /// The player a one-shot command goes to with `history` and `activity`.
  func nowPlaying(_ history: PlayerHistory, _ activity: [String: PlayerActivity]) -> String? {
    PlayerChoice().order(Array(activity.keys), activity: history.stamping(activity)).first
  }

  @Test func `play-pause pressed twice returns to the player it paused, not the first name`() {
    var history = PlayerHistory()
    // First press: mpv plays, and gets the command (it pauses).
    history.observe(Self.mpvPlaying)
    #expect(nowPlaying(history, Self.mpvPlaying) == "mpv")
    history.noteCommand(to: "mpv")
    // Second press: both paused; without the record "binaural" would come first by name.
    #expect(PlayerChoice().order(["binaural", "mpv"], activity: Self.bothPaused).first == "binaural")
    #expect(nowPlaying(history, Self.bothPaused) == "mpv")
  }

  @Test func `a player that started since goes first, unless the first still plays`() {
    var history = PlayerHistory(entries: [.init(instance: "mpv", playing: false)])
    history.observe(["mpv": .init(status: .paused), "vlc": .init(status: .playing)])
    #expect(history.entries.map(\.instance) == ["vlc", "mpv"])
    // vlc still plays when mpv starts: vlc stays Now Playing, mpv is next.
    history.observe(["mpv": .init(status: .playing), "vlc": .init(status: .playing)])
    #expect(history.entries.map(\.instance) == ["vlc", "mpv"])
    #expect(nowPlaying(history, ["mpv": .init(status: .playing), "vlc": .init(status: .playing)]) == "vlc")
    // Both pause: vlc, which played last as Now Playing, is first.
    history.observe(["mpv": .init(status: .paused), "vlc": .init(status: .paused)])
    #expect(nowPlaying(history, ["mpv": .init(status: .paused), "vlc": .init(status: .paused)]) == "vlc")
  }

  @Test func `a player playing now comes before the record's first when that one is paused`() {
    let history = PlayerHistory(entries: [.init(instance: "mpv", playing: false)])
    #expect(nowPlaying(history, ["mpv": .init(status: .paused), "vlc": .init(status: .playing)]) == "vlc")
  }

  @Test func `the record reads back what it wrote, and skips lines it cannot read`() {
    let history = PlayerHistory(entries: [
      .init(instance: "mpv", playing: true), .init(instance: "vlc.instance12", playing: false),
    ])
    #expect(history.text == "mpv playing\nvlc.instance12 paused\n")
    #expect(PlayerHistory(text: history.text) == history)
    #expect(
      PlayerHistory(text: "garbage\nmpv playing\nmpv paused\nx y z\n\u{0}")
        == PlayerHistory(entries: [
          .init(instance: "mpv", playing: true)
        ]))
  }

  @Test func `the record keeps at most its capacity`() {
    var history = PlayerHistory()
    for number in 0..<(PlayerHistory.capacity + 8) { history.noteCommand(to: "p\(number)") }
    #expect(history.entries.count == PlayerHistory.capacity)
    #expect(history.entries.first?.instance == "p\(PlayerHistory.capacity + 7)")
  }
}

extension PlayerHistoryTests {
  @Test func `a first player recorded paused that plays again stays first, and nothing is lost`() {
    var history = PlayerHistory(entries: [
      .init(instance: "b", playing: false), .init(instance: "a", playing: false),
    ])
    history.observe(["a": .init(status: .paused), "b": .init(status: .playing)])
    #expect(history.entries == [.init(instance: "b", playing: true), .init(instance: "a", playing: false)])
  }
}
