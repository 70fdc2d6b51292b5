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
  static func run(_ command: String, on bus: PrivateBus, environment: [String: String]? = nil) async throws
    -> ClientResult
  {
    let result = try await Readme.run(
      command, environment: environment ?? bus.environment, bin: BuiltProducts.directory)
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
    // mpv, paused, is another player beside binaural, the one that plays and that `check` names.
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

  // MARK: - A newcomer's first hour

  @Test func `"Use it": the example runs on a bus both terminals reach, and the second drives it`()
    async throws
  {
    let first = try Self.commands("podcasts-first-terminal")
    let second = try Self.commands("podcasts-second-terminal")
    #expect(first.last == "swift run podcasts", "the first terminal ends by running the example: \(first)")
    #expect(second.contains("playerctl play-pause") && second.last == "playerctl status", "\(second)")
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent(
      "podcasts-readme-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runtime) }
    let environment = ["XDG_RUNTIME_DIR": runtime.path]
    // The first terminal as typed, the built example in place of `swift run podcasts` (which would
    // build it first).
    let terminal = try ChildProcess(
      "/bin/sh",
      ["-c", (first.dropLast() + ["exec '\(BuiltProducts.path(of: "podcasts"))'"]).joined(separator: "\n")],
      environment: environment, removing: ["DBUS_SESSION_BUS_ADDRESS"])
    // `--print-pid`: the forked dbus-daemon's process, stopped at the end.
    let printed = try await terminal.line(within: .seconds(20))
    let daemon = try #require(Int32(printed.trimmingCharacters(in: .whitespaces)), "\(printed)")
    do {
      // The second terminal: a shell of its own, which shares nothing with the first but the
      // lines it types. It presses once the example owns its name.
      let listed = (second.prefix { $0.hasPrefix("export ") } + ["playerctl -l"]).joined(separator: "\n")
      try await eventually("the second terminal to see the example") {
        try await ChildProcess.run(
          "/bin/sh", ["-c", listed], environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": ""]) { $1 }
        ).output.contains("podcasts")
      }
      let pressed = try await ChildProcess.run(
        "/bin/sh", ["-c", second.joined(separator: "\n")],
        environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": ""]) { $1 })
      #expect(pressed.status == 0, "\(pressed)")
      #expect(pressed.output == "Playing\n", "\(pressed)")
    } catch {
      kill(daemon, SIGTERM)
      await terminal.terminate()
      throw error
    }
    kill(daemon, SIGTERM)
    _ = await terminal.terminate()
  }

  @Test(.enabled(if: .file("/usr/bin/pulseaudio", debianPackage: "pulseaudio")))
  func `"A sound server on a headless box": the PulseAudio line starts one that binaural plays to`()
    async throws
  {
    let commands = try Self.commands("sound-server")
    #expect(commands.first?.hasPrefix("pulseaudio ") == true, "\(commands)")
    #expect(commands.contains("pactl info"), "\(commands)")
    #expect(commands.contains("binaural --output pulse"), "\(commands)")
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sound-readme-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("run"), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(at: home) }
    let bus = try await PrivateBus.start()
    // A user's own runtime folder and home, no sound server known beforehand.
    let environment = bus.environment.merging([
      "HOME": home.path, "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
    ]) { $1 }
    let stopServer = {
      _ = try? await Readme.run("pulseaudio --kill", environment: environment, bin: BuiltProducts.directory)
    }
    do {
      for command in commands {
        if command.hasPrefix("binaural ") {
          // A player: it runs until stopped. Its stream is on the new server's sink.
          _ = try bus.start(
            "/bin/sh", ["-c", "exec \(BuiltProducts.binaural) --output pulse --headless"],
            environment: ["HOME": home.path, "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path],
            standardError: .file(bus.directory.appendingPathComponent("binaural.log").path))
          try await bus.waitForPlayer("binaural", status: "Paused")
          _ = try await bus.playerctl("--player=binaural", "play")
          try await eventually("binaural's stream on the server") {
            try await Readme.run(
              "pactl list sink-inputs", environment: environment, bin: BuiltProducts.directory
            )
            .output.contains("Binaural beats")
          }
          continue
        }
        let result = try await Self.run(command, on: bus, environment: environment)
        if command == "pactl info" {
          #expect(result.output.contains("Server Name: pulseaudio"), "\(result)")
          #expect(result.output.contains("Default Sink: nowhere"), "\(result)")
        }
      }
    } catch {
      await stopServer()
      await bus.stop()
      throw error
    }
    await stopServer()
    await bus.stop()
  }

  @Test func `the README's newcomer facts hold: the picture, the build times, the demo's line to paste`()
    throws
  {
    let readme = try Readme.text()
    // The web remote on a phone, as the browser tests last took it.
    #expect(readme.contains("<img src=\"docs/web-remote-phone.png\""))
    let picture = try Data(contentsOf: Readme.root.appendingPathComponent("docs/web-remote-phone.png"))
    #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
    // Its width (bytes 16–19 of the IHDR chunk): a phone's 390 CSS pixels.
    #expect(picture.count > 24 && picture[16..<20].reduce(0) { $0 << 8 | Int($1) } == 390)
    // The build times are BENCHMARKS.md's.
    let benchmarks = try String(
      contentsOf: Readme.root.appendingPathComponent("BENCHMARKS.md"), encoding: .utf8)
    for figure in ["debug build with tests 430 s", "`make deb` 440 s", "| 457 |"] {
      #expect(
        benchmarks.contains(figure), "BENCHMARKS.md no longer says \(figure): update the README's build times"
      )
    }
    #expect(readme.contains("`make install` takes about 7 minutes") && readme.contains("`make deb` about 8"))
    // The line `make demo` shows to paste, in its view too, is the README's.
    let paste = ". ${XDG_RUNTIME_DIR:-/tmp/rt-$(id -u)}/swift-remote-control/demo-env"
    let demo = try String(contentsOf: Readme.root.appendingPathComponent("scripts/demo.sh"), encoding: .utf8)
    #expect(readme.contains("`\(paste)`") && demo.contains(paste))
    // What `make demo` says while it builds is the README's time too.
    #expect(readme.contains("The first build takes about 7 minutes on two cores"))
    #expect(demo.contains("the first build takes about 7 minutes on two cores"))
  }

  /// The command and the lines of a block that shows one: `$ COMMAND`, then what it prints.
  static func session(_ name: String) throws -> (command: String, lines: [String]) {
    let block = try #require(
      Readme.codeBlock(after: "<!-- readme-test: \(name) -->", in: try Readme.text()),
      "README.md has `<!-- readme-test: \(name) -->` on the line before a code block")
    let lines = block.split(separator: "\n").map(String.init)
    let command = try #require(lines.first.map { $0.trimmingPrefix("$ ") }.map(String.init), "\(block)")
    return (command, Array(lines.dropFirst()))
  }

  /// The lines of `expected` that `output` does not show in that order (other lines may stand
  /// between them), each `…` in a line standing for any text.
  static func missing(_ expected: [String], in output: String) -> [String] {
    var printed = output.split(separator: "\n").map(String.init)[...]
    var missing: [String] = []
    for line in expected {
      let parts = line.components(separatedBy: "…")
      let matches = { (printed: String) -> Bool in
        guard printed.hasPrefix(parts[0]), printed.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = printed.dropFirst(parts[0].count)
        for part in parts.dropFirst() where !part.isEmpty {
          guard let found = rest.range(of: part) else { return false }
          rest = rest[found.upperBound...]
        }
        return true
      }
      if let index = printed.firstIndex(where: matches) {
        printed = printed[printed.index(after: index)...]
      } else {
        missing.append(line)
      }
    }
    return missing
  }

  @Test func `"What a healthy hub says": remotectl hub and doctor print the README's lines`() async throws {
    let hubSession = try Self.session("healthy-hub")
    let doctorSession = try Self.session("healthy-doctor")
    #expect(hubSession.command == "remotectl hub" && doctorSession.command == "remotectl doctor")
    #expect(doctorSession.lines.allSatisfy { $0.hasPrefix("ok ") || $0.hasPrefix("note ") })
    let bus = try await PrivateBus.start()
    // A user's runtime folder (the bridge's socket goes there), no sound server in it.
    let runtime = bus.directory.appendingPathComponent("run")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let environment = bus.environment.merging([
      "XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
    ]) { $1 }
    _ = try await Self.startBinaural(on: bus)
    let hub = try await bus.startHub(
      ["--http-port", "0", "--bridge-port", "0"], environment: environment, capturingLog: true)
    _ = try await bus.playerctl("--player=binaural", "play")
    let shown = try await eventually(
      "remotectl hub to mark binaural",
      { try await Readme.run("remotectl hub 2>&1", environment: environment, bin: BuiltProducts.directory) }
    ) { $0.output.hasSuffix("* binaural\n") }
    #expect(shown.status == 0, "\(shown)")
    #expect(Self.missing(hubSession.lines, in: shown.output).isEmpty, "printed:\n\(shown.output)")
    let doctor = try await Readme.run(
      "remotectl doctor", environment: environment, bin: BuiltProducts.directory)
    #expect(doctor.status == 0, "\(doctor)")
    #expect(!doctor.output.contains("PROBLEM"), "\(doctor.output)")
    let missing = Self.missing(doctorSession.lines, in: doctor.output)
    #expect(
      missing.isEmpty,
      "not printed: \(missing)\nprinted:\n\(doctor.output)\nthe hub's log:\n\(hub.standardError.suffix(3000))"
    )
    await bus.stop()
  }
}
