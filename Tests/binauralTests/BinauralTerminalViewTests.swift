import BusTestSupport
import Foundation
import Testing

/// binaural's terminal view, driven through a pseudo-terminal: a tmux server of the test's own.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")), .leavesNoChildProcesses)
struct BinauralTerminalViewTests {
  /// A tmux server on a socket of its own, running one 120×30 session.
  struct Tmux {
    let socket: String

    func run(_ arguments: String...) async throws -> ClientResult {
      try spawnAndWait("/usr/bin/tmux", ["-S", socket] + arguments)
    }

    /// The screen's text now.
    func screen() async throws -> String { try await run("capture-pane", "-p", "-t", "view").output }

    /// Waits until the screen satisfies `condition`.
    func waitForScreen(_ what: String, _ condition: @escaping (String) -> Bool) async throws -> String {
      try await eventually(what) { () async throws -> String? in
        let text = try await screen()
        return condition(text) ? text : nil
      }
    }
  }

  /// The seconds shown on the progress line ("…█░░ 0:37 / 20:00"), if any.
  static func elapsed(_ screen: String) -> Int? {
    guard let line = screen.split(separator: "\n").first(where: { $0.hasSuffix("/ 20:00") }),
      let time = line.split(separator: " ").dropLast(2).last
    else { return nil }
    let parts = time.split(separator: ":").compactMap { Int($0) }
    return parts.count == 2 ? parts[0] * 60 + parts[1] : nil
  }

  @Test func theViewShowsAMovingBarSendsKeysAsEventsAndRestoresTheTerminal() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let folder = bus.directory.path
    let tmux = Tmux(socket: "\(folder)/tmux")
    let command =
      "env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' XDG_CACHE_HOME='\(folder)/cache' "
      + "'\(BinauralTests.executable)' --output null; echo $? > '\(folder)/status'; "
      // Written aside, then renamed: the test reads the file as soon as it exists.
      + "stty -a > '\(folder)/stty.partial' && mv '\(folder)/stty.partial' '\(folder)/stty'; sleep 60"
    let started = try await tmux.run("new-session", "-d", "-s", "view", "-x", "120", "-y", "30", command)
    #expect(started.succeeded, "\(started)")
    // Synchronously: a task started in `defer` may not run before the test process ends, and
    // the tmux server (a daemon of its own) would outlive it.
    defer { _ = try? spawnAndWait("/usr/bin/tmux", ["-S", tmux.socket, "kill-server"]) }

    // Now playing, paused at 0:00.
    let first = try await tmux.waitForScreen("the title") { $0.contains("Delta 2 Hz · Deep sleep") }
    #expect(first.contains("Binaural — Brainwave presets"))
    #expect(first.contains("⏸ Paused"))
    #expect(Self.elapsed(first) == 0, "\(first)")
    #expect(first.contains("space play/pause"))

    // Space is a keyboard togglePlayPause: playerctl sees Playing, and the bar moves.
    _ = try await tmux.run("send-keys", "-t", "view", "Space")
    _ = try await eventually("status Playing") { () async throws -> Bool? in
      try await bus.run("playerctl", "--player=binaural", "status").trimmed == "Playing" ? true : nil
    }
    let moving = try await tmux.waitForScreen("the bar to move") { (Self.elapsed($0) ?? 0) >= 2 }
    #expect(moving.contains("▶ Playing"))

    // → skips 15 s; shift+→ begins a continuous seek, shift+→ again ends it.
    let beforeSkip = Self.elapsed(try await tmux.screen()) ?? 0
    _ = try await tmux.run("send-keys", "-t", "view", "Right")
    _ = try await tmux.waitForScreen("a 15 s skip") { (Self.elapsed($0) ?? 0) >= beforeSkip + 15 }
    _ = try await tmux.run("send-keys", "-t", "view", "S-Right")
    let seeking = try await tmux.waitForScreen("seeking") { $0.contains("seeking »") }
    let seekStart = Self.elapsed(seeking) ?? 0
    _ = try await tmux.waitForScreen("seek skips") { (Self.elapsed($0) ?? 0) >= seekStart + 20 }
    _ = try await tmux.run("send-keys", "-t", "view", "S-Right")
    _ = try await tmux.waitForScreen("the seek to end") { !$0.contains("seeking") }

    // q quits through the application (MPRIS Quit's path) and the terminal is as it was.
    _ = try await tmux.run("send-keys", "-t", "view", "q")
    let stty = try await eventually("binaural to exit") {
      try? String(contentsOfFile: "\(folder)/stty", encoding: .utf8)
    }
    let status = try String(contentsOfFile: "\(folder)/status", encoding: .utf8)
    #expect(status == "0\n")
    let flags = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    #expect(flags.contains("icanon") && flags.contains("echo"), "\(stty)")
    let after = try await tmux.screen()
    #expect(!after.contains("space play/pause"), "back on the main screen:\n\(after)")
  }
}

/// Runs `path` to its end with output to a temporary file, reaped by its own pid.
///
/// Not ``ChildProcess``: Foundation's `Process` never reaped a tmux client whose server forked
/// off it (the client stayed a zombie and the test hung), and the server would hold a pipe open.
func spawnAndWait(_ path: String, _ arguments: [String]) throws -> ClientResult {
  let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tmux-\(UUID().uuidString.prefix(8))"
  ).path
  defer { unlink(outputPath) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([path] + arguments).map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  // Otherwise the tmux server and its pane would ignore kill-server's SIGHUP.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(&attributes, resetSignals(in: &attributes))
  var pid: pid_t = 0
  let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
  guard result == 0 else { throw TestFailure("cannot start \(path)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
  return ClientResult(
    commandLine: ([path] + arguments).joined(separator: " "), status: exitCode, output: output, error: "")
}
