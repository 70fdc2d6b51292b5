import Testing

@testable import remotectl

@Suite("Which player a command goes to")
struct PlayerChoiceTests {
  @Test func `a name matches itself and its instances, not other names`() {
    let vlc = PlayerPattern("vlc")
    #expect(vlc.matches("vlc"))
    #expect(vlc.matches("vlc.instance1234"))
    #expect(!vlc.matches("vlcx"))
    #expect(!vlc.matches("mpv"))
    #expect(PlayerPattern("vlc.instance1").matches("vlc.instance1"))
    #expect(!PlayerPattern("vlc.instance1").matches("vlc"))
    #expect(PlayerPattern.any.matches("anything"))
  }

  @Test func `comma separated lists are trimmed and empty items dropped`() {
    #expect(PlayerPattern.list(" vlc, mpv ,,%any") == ["vlc", "mpv", "%any"].map(PlayerPattern.init))
    #expect(PlayerPattern.list(nil).isEmpty)
  }

  @Test func `without -p the playing player comes first, not the first name on the bus`() {
    let order = PlayerChoice().order(
      ["aplayer", "binaural", "mpv"],
      activity: ["aplayer": .init(status: .paused), "mpv": .init(status: .playing)])
    #expect(order == ["mpv", "aplayer", "binaural"])
  }

  @Test func `without history, paused comes before stopped`() {
    let order = PlayerChoice().order(
      ["a", "b", "c"], activity: ["a": .init(status: .stopped), "c": .init(status: .paused)])
    #expect(order == ["c", "a", "b"])
  }

  @Test func `the player that played most recently wins when none plays`() {
    let order = PlayerChoice().order(
      ["a", "b", "c"],
      activity: [
        "a": .init(status: .paused, lastPlayed: 10),
        "b": .init(status: .stopped, lastPlayed: 20),
        "c": .init(status: .paused),
      ])
    #expect(order == ["b", "a", "c"])
  }

  @Test func `of two playing players, the one that started last wins`() {
    let order = PlayerChoice().order(
      ["a", "b"],
      activity: ["a": .init(status: .playing, lastPlayed: 5), "b": .init(status: .playing, lastPlayed: 9)])
    #expect(order == ["b", "a"])
  }

  @Test func `-p orders by the list and selects only what it names`() {
    let choice = PlayerChoice(players: PlayerPattern.list("mpv,vlc"))
    let order = choice.order(
      ["vlc.instance7", "binaural", "mpv"], activity: ["vlc.instance7": .init(status: .playing)])
    #expect(order == ["mpv", "vlc.instance7"])
  }

  @Test func `%any stands for every player not named before it`() {
    let choice = PlayerChoice(players: PlayerPattern.list("vlc,%any,mpv"))
    let order = choice.order(
      ["mpv", "binaural", "vlc", "zed"], activity: ["zed": .init(status: .playing)])
    #expect(order == ["vlc", "zed", "binaural", "mpv"])
  }

  @Test func `-i removes players and their instances`() {
    let choice = PlayerChoice(ignored: PlayerPattern.list("mpv"))
    #expect(choice.order(["mpv", "mpv.instance2", "vlc"]) == ["vlc"])
    #expect(!choice.isSelected("mpv.instance2"))
  }
}
