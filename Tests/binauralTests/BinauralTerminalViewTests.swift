import BusTestSupport
import Foundation
import Testing

/// binaural's terminal view, driven through a pseudo-terminal: a tmux server of the test's own.
@Suite(.enabled(if: .tmux), .leavesNoChildProcesses)
struct BinauralTerminalViewTests {
  /// A tmux server on a socket of its own, running one 120×30 session.
  struct Tmux {
    let socket: String

    func run(_ arguments: String...) async throws -> ClientResult {
      try await ChildProcess.run("/usr/bin/tmux", ["-S", socket] + arguments)
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
    let tmux = Tmux(socket: "\(bus.directory.path)/tmux")
    // The tmux server is a daemon of its own (not in a process group the test started): it is
    // stopped, and the bus with it, before the test returns, however it ends.
    do {
      try await drive(tmux, on: bus)
    } catch {
      _ = try? await tmux.run("kill-server")
      await bus.stop()
      throw error
    }
    _ = try? await tmux.run("kill-server")
    await bus.stop()
  }

  func drive(_ tmux: Tmux, on bus: PrivateBus) async throws {
    let folder = bus.directory.path
    let command =
      "env DBUS_SESSION_BUS_ADDRESS='\(bus.address)' XDG_CACHE_HOME='\(folder)/cache' "
      + "'\(BinauralTests.executable)' --output null; echo $? > '\(folder)/status'; "
      // Written aside, then renamed: the test reads the file as soon as it exists.
      + "stty -a > '\(folder)/stty.partial' && mv '\(folder)/stty.partial' '\(folder)/stty'; sleep 60"
    let started = try await tmux.run("new-session", "-d", "-s", "view", "-x", "120", "-y", "30", command)
    #expect(started.succeeded, "\(started)")

    // Now playing, paused at 0:00.
    // The whole first frame: its title, its progress line and the keys, its last line (tmux may
    // show a frame half drawn).
    let first = try await tmux.waitForScreen("the first frame") {
      $0.contains("Delta 2 Hz · Deep sleep") && Self.elapsed($0) != nil && $0.contains("space play/pause")
    }
    #expect(first.contains("Binaural — Brainwave presets"))
    #expect(first.contains("⏸ Paused"))
    #expect(Self.elapsed(first) == 0, "\(first)")

    // Space is a keyboard togglePlayPause: playerctl sees Playing, and the bar moves.
    _ = try await tmux.run("send-keys", "-t", "view", "Space")
    _ = try await eventually("status Playing") { () async throws -> Bool? in
      try await bus.playerctl("--player=binaural", "status").trimmed == "Playing" ? true : nil
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

  @Test func `at 80 columns the view shows every key, the line to paste and the bus address whole`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let tmux = Tmux(socket: "\(bus.directory.path)/tmux")
    // A runtime folder as long as a desktop's /run/user/1000.
    let runtime = "/tmp/bv-\(UUID().uuidString.prefix(6))"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    do {
      try await driveNarrow(tmux, runtime: runtime, folder: bus.directory.path)
    } catch {
      _ = try? await tmux.run("kill-server")
      try? FileManager.default.removeItem(atPath: runtime)
      await bus.stop()
      throw error
    }
    _ = try? await tmux.run("kill-server")
    try? FileManager.default.removeItem(atPath: runtime)
    await bus.stop()
  }

  func driveNarrow(_ tmux: Tmux, runtime: String, folder: String) async throws {
    // No session bus: binaural starts its own and says how to reach it; the notice is the one
    // `make demo` gives where there is no session bus.
    let paste = ". ${XDG_RUNTIME_DIR:-/tmp/rt-$(id -u)}/swift-remote-control/demo-env"
    let notice = "No session bus here: in the other terminal, paste this first:\n\(paste)"
    try notice.write(toFile: "\(folder)/notice", atomically: true, encoding: .utf8)
    let command =
      "env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR='\(runtime)' XDG_CACHE_HOME='\(folder)/cache' "
      + "'\(BinauralTests.executable)' --output null --notice \"$(cat '\(folder)/notice')\"; sleep 60"
    let started = try await tmux.run("new-session", "-d", "-s", "view", "-x", "80", "-y", "24", command)
    #expect(started.succeeded, "\(started)")
    let addressFile = "\(runtime)/swift-remote-control/bus-address"
    let address = try await eventually("the private bus's address") {
      (try? String(contentsOfFile: addressFile, encoding: .utf8))?.trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    let socketAddress = String(address.prefix { $0 != "," })
    let screen = try await tmux.waitForScreen("the whole first frame") {
      $0.contains("q quit") && $0.contains("playerctl status")
    }
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
    // Every key, the last one included.
    for key in KeyCommandsLegend.entries {
      #expect(rows.contains { $0.contains(key) }, "\(key) in\n\(screen)")
    }
    // The line to paste, whole on a row of its own.
    #expect(rows.contains { $0.trimmingCharacters(in: .whitespaces) == paste }, "\(screen)")
    // The bus address, whole on one row, with no guid to split.
    #expect(
      rows.contains { $0.contains("DBUS_SESSION_BUS_ADDRESS=\(socketAddress)") },
      "\(socketAddress) in\n\(screen)")
    #expect(!screen.contains("guid"), "\(screen)")
    _ = try await tmux.run("send-keys", "-t", "view", "q")
    _ = try await tmux.waitForScreen("binaural to quit") { !$0.contains("q quit") }
  }
}

/// The view's key legend, as a user reads it (binaural's `KeyCommands.legend`).
enum KeyCommandsLegend {
  static let entries = [
    "space play/pause", "n next", "p previous", "←/→ ∓15 s", "shift+←/→ or </> seek (again: stop)",
    "+/- volume",
    "q quit",
  ]
}
