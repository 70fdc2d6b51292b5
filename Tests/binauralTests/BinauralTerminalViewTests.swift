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
}
