import ArgumentParser
import Testing

@testable import remotectl

/// The command lines remotectl reads without ArgumentParser (to start faster) must mean what
/// ArgumentParser makes of them, and everything else must be left to ArgumentParser.
@Suite("Command lines read without ArgumentParser")
struct SimpleInvocationTests {
  /// What ArgumentParser makes of `arguments`.
  func parsed(_ arguments: [String]) throws -> Request {
    let command = try RemoteCtl.parseAsRoot(ArgumentOrder.verbFirst(arguments))
    guard let verb = command as? any VerbCommand else { throw ControlError("not a verb: \(arguments)") }
    return try verb.makeRequest()
  }

  @Test func `the verbs a media key runs mean what ArgumentParser makes of them`() throws {
    let lines: [[String]] = [
      ["play"], ["pause"], ["play-pause"], ["stop"], ["next"], ["previous"], ["status"],
      ["-p", "vlc,mpv", "play-pause"], ["play-pause", "-p", "vlc"], ["--player=vlc", "status"],
      ["-i", "chromium", "-a", "pause"], ["--ignore-player", "a,b", "--all-players", "stop"],
      ["-s", "status"], ["--no-messages", "-p", "%any", "previous"],
      ["-a", "-s", "-p", "x", "-i", "y", "play"],
    ]
    for line in lines {
      let quick = try #require(SimpleInvocation.request(line), "\(line) was left to ArgumentParser")
      let full = try parsed(line)
      #expect(quick.verb == full.verb, "\(line)")
      #expect(quick.choice.players == full.choice.players, "\(line)")
      #expect(quick.choice.ignored == full.choice.ignored, "\(line)")
      #expect(quick.allPlayers == full.allPlayers, "\(line)")
      #expect(quick.quiet == full.quiet, "\(line)")
      #expect(quick.template == nil && !quick.follow && full.template == nil && !full.follow, "\(line)")
    }
  }

  @Test func `anything else is left to ArgumentParser`() {
    let lines: [[String]] = [
      [], ["--help"], ["-h"], ["help"], ["-l"], ["--version"], ["-v"], ["status", "-F"],
      ["-f", "{{title}}", "status"],
      ["metadata"], ["volume"], ["position", "10"], ["open", "x"], ["loop"], ["shuffle"], ["check"],
      ["doctor"],
      ["stauts"], ["play", "pause"], ["play", "extra"], ["-p"], ["-p", "a", "-p", "b", "play"],
      ["-a", "-a", "play"],
      ["--players=vlc", "play"], ["-x", "play"], ["--", "play"], ["-as", "play"], ["-pvlc", "next"],
      ["--player=", "status"],
    ]
    for line in lines {
      #expect(SimpleInvocation.request(line) == nil, "\(line)")
    }
  }
}
