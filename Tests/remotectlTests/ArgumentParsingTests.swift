import ArgumentParser
import RemoteControlMPRIS
import Testing

@testable import remotectl

@Suite("Command lines, parsed as playerctl parses them")
struct ArgumentParsingTests {
  func request(_ arguments: [String]) throws -> Request {
    let command = try RemoteCtl.parseAsRoot(ArgumentOrder.verbFirst(arguments))
    guard let verb = command as? any VerbCommand else {
      throw ControlError("not a verb: \(arguments)")
    }
    return try verb.makeRequest()
  }

  @Test func `global options may come before or after the verb`() throws {
    let before = try request(["-p", "vlc,mpv", "-a", "status"])
    let after = try request(["status", "--player=vlc,mpv", "--all-players"])
    #expect(before.verb == .status)
    #expect(before.choice.players == after.choice.players)
    #expect(before.allPlayers && after.allPlayers)
    #expect(
      ArgumentOrder.verbFirst(["-f", "{{title}}", "-F", "metadata", "title"])
        == ["metadata", "-f", "{{title}}", "-F", "title"])
  }

  @Test func `every playerctl verb parses`() throws {
    #expect(try request(["play"]).verb == .play)
    #expect(try request(["pause"]).verb == .pause)
    #expect(try request(["play-pause"]).verb == .playPause)
    #expect(try request(["stop"]).verb == .stop)
    #expect(try request(["next"]).verb == .next)
    #expect(try request(["previous"]).verb == .previous)
    #expect(try request(["position"]).verb == .position(nil))
    #expect(try request(["position", "10"]).verb == .position(.absolute(microseconds: 10_000_000)))
    #expect(try request(["position", "2.5+"]).verb == .position(.relative(microseconds: 2_500_000)))
    #expect(try request(["position", "3-"]).verb == .position(.relative(microseconds: -3_000_000)))
    #expect(try request(["volume", "0.5"]).verb == .volume(.absolute(0.5)))
    #expect(try request(["volume", "0.1-"]).verb == .volume(.relative(-0.1)))
    #expect(try request(["metadata", "artist", "title"]).verb == .metadata(keys: ["artist", "title"]))
    #expect(
      try request(["open", "https://example.org/a.ogg"]).verb == .open(uri: "https://example.org/a.ogg"))
    #expect(try request(["loop", "playlist"]).verb == .loop(.playlist))
    #expect(try request(["loop"]).verb == .loop(nil))
    #expect(try request(["shuffle", "Toggle"]).verb == .shuffle(.toggle))
  }

  @Test(
    arguments: [
      (["position", "abc"], "Could not execute command: Could not parse position as a number: abc"),
      (["position", "5x"], "Could not execute command: Could not parse position as a number: 5x"),
      (["volume", "loud"], "Could not execute command: could not parse volume as a number: loud"),
      (
        ["loop", "forever"],
        "Could not execute command: Got unknown loop status: 'forever' (expected 'none', 'playlist', or 'track')."
      ),
      (
        ["shuffle", "maybe"],
        "Could not execute command: Got unknown shuffle status: 'maybe' (expected 'on', 'off', or 'toggle')."
      ),
      (
        ["-f", "{{title}}", "play"],
        "Could not execute command: format strings are not supported on command: play"
      ),
      (["-F", "next"], "Could not execute command: follow is not supported on command: next"),
      (
        ["-f", "{{title}}", "volume", "0.5"],
        "Could not execute command: format strings are not supported on command functions."
      ),
      (
        ["-f", "{{lc(}}", "status"],
        "Could not execute command: unexpected \"}\", expected expression (position  5)"
      ),
    ])
  func `bad input is one clear playerctl message`(arguments: [String], message: String) {
    #expect(throws: ControlError(message)) { try request(arguments) }
  }

  @Test func `bad command lines exit non-zero with one line, never a crash`() async {
    #expect(await RemoteCtl.main(["bogus"]) == 1)
    #expect(await RemoteCtl.main(["--bogus", "status"]) == 1)
    #expect(await RemoteCtl.main(["position", "nope"]) == 1)
    #expect(await RemoteCtl.main(["--version"]) == 0)
  }
}
