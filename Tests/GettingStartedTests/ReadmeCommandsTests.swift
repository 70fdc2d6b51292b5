import BusTestSupport
import Foundation
import Testing

/// The README's shell blocks marked `<!-- readme-test: NAME -->`, run command by command as a
/// user types them — through `sh`, the built executables first on PATH as after `make install` —
/// against real players on a private bus. Each command must succeed; the commands whose effect
/// the README states are checked for it. A README edit that makes a marked command fail fails
/// here; one that drops a checked command fails here too, naming it, so the test is updated with
/// the README.
@Suite(
  "Getting started: the README's commands, as a user runs them", .serialized,
  .enabled(if: .playerctl && .dbusDaemon),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ReadmeCommandsTests {
  /// The commands of the block marked `name`, which must be there.
  static func commands(_ name: String) throws -> [String] {
    let block = try #require(
      Readme.codeBlock(after: "<!-- readme-test: \(name) -->", in: try Readme.text()),
      "README.md has `<!-- readme-test: \(name) -->` on the line before a code block")
    return Readme.commands(in: block)
  }

  /// Runs `command` on `bus` and expects it to succeed — but `remotectl check`, whose status
  /// says whether the player passed, and which must print a line per rule and its summary.
  static func run(_ command: String, on bus: PrivateBus) async throws -> ClientResult {
    let result = try await Readme.run(command, environment: bus.environment, bin: BuiltProducts.directory)
    guard command.hasPrefix("remotectl check ") else {
      #expect(result.status == 0, "`\(command)` as the README writes it: \(result)")
      return result
    }
    let lines = result.output.split(separator: "\n")
    let failed = lines.filter { $0.hasPrefix("FAIL ") }.count
    #expect(lines.filter { $0.hasPrefix("PASS ") }.count + failed >= 10, "one line per rule: \(result)")
    #expect(lines.last?.hasSuffix(" passed, \(failed) failed") == true, "the summary: \(result)")
    #expect(result.status == (failed == 0 ? 0 : 1), "\(result)")
    return result
  }

  /// Starts `binaural --output null` (what `make demo` runs, without sound) and waits until it
  /// is paused on its first preset; returns its title.
  static func startBinaural(on bus: PrivateBus) async throws -> String {
    _ = try bus.start(
      BuiltProducts.binaural, ["--output", "null"],
      standardError: .file(bus.directory.appendingPathComponent("binaural.log").path))
    return try await bus.waitForPlayer("binaural", status: "Paused")
  }

  @Test func `"Try it": playerctl and remotectl drive the demo player as the README says`() async throws {
    let commands = try Self.commands("try-it")
    for checked in ["playerctl play-pause", "playerctl next", "playerctl metadata", "remotectl -F status"] {
      #expect(
        commands.contains(checked), "the README's \"Try it\" no longer runs `\(checked)`: update this test")
    }
    let bus = try await PrivateBus.start()
    let first = try await Self.startBinaural(on: bus)
    for command in commands {
      let result = try await Self.run(command, on: bus)
      switch command {
      case "playerctl play-pause":
        try await bus.waitUntil(playerctl: ["status"], prints: "Playing")
      case "playerctl next":
        try await eventually("the next preset's title") {
          let title = try await bus.playerctl("metadata", "xesam:title").trimmed
          return !title.isEmpty && title != first
        }
      case "playerctl metadata":
        #expect(result.output.contains("xesam:title"), "\(result)")
      case "remotectl -F status":
        #expect(result.output == "Playing\n", "\(result)")
      case "remotectl doctor":
        #expect(!result.output.contains("PROBLEM"), "\(result)")
      default: break
      }
    }
    await bus.stop()
  }

  @Test func `binaural --help has the options the README names, with their values`() async throws {
    let readme = try Readme.text()
    let start = try #require(readme.range(of: "`binaural --help` has the options:"), "the README's sentence")
    let paragraph = String(readme[start.upperBound...]).components(separatedBy: "\n\n")[0]
    let help = try await ChildProcess.run(BuiltProducts.binaural, ["--help"]).output
    let options = paragraph.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(
      \.element)
    #expect(options.count >= 3, "\(paragraph)")
    for option in options {
      let words = option.split(separator: " ")
      #expect(help.contains("  \(words[0])"), "\(words[0]) in binaural --help:\n\(help)")
      for value in words.dropFirst().flatMap({ $0.split(separator: "|") }) where value.uppercased() != value {
        #expect(help.contains(value), "\(option): \(value) in binaural --help:\n\(help)")
      }
    }
    // The presets, by band.
    let bands = try #require(
      paragraph.range(of: "(").map { paragraph[$0.upperBound...].prefix { $0 != ")" } })
    for band in bands.components(separatedBy: ", ") {
      #expect(help.contains(" \(band)-"), "the preset \(band) in binaural --help:\n\(help)")
    }
  }

  @Test(.enabled(if: .mpv && .mpvMPRIS))
  func `"Control any player": every remotectl line works, with binaural and mpv on the bus`() async throws {
    let commands = try Self.commands("remotectl")
    for checked in ["remotectl play-pause", "remotectl -F status", "remotectl like", "remotectl tracks"] {
      #expect(
        commands.contains(checked),
        "the README's remotectl block no longer runs `\(checked)`: update this test")
    }
    let bus = try await PrivateBus.start()
    _ = try await Self.startBinaural(on: bus)
    // mpv, paused, is the other player `check mpv` names; binaural is the one that plays.
    _ = try bus.start(
      "mpv",
      [
        "--no-config", "--idle=yes", "--pause", "--script=\(MPVPlugin.mpris ?? "")", "--no-video",
        "--ao=null",
        "--no-terminal", "av://lavfi:sine",
      ], standardError: .file("/dev/null"))
    try await bus.waitForPlayer("mpv", status: "Paused")
    for command in commands {
      let result = try await Self.run(command, on: bus)
      switch command {
      case "remotectl play-pause":
        try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      case "remotectl -F status":
        #expect(result.output == "Playing\n", "\(result)")
      case "remotectl tracks":
        #expect(result.output.split(separator: "\n").count >= 2, "the presets, one a line: \(result)")
      default: break
      }
    }
    await bus.stop()
  }
}
