import BusTestSupport
import Foundation
import Testing

/// With no session bus binaural starts a private `dbus-daemon`; however binaural ends — `q`, a
/// closed terminal, SIGINT, SIGTERM, SIGHUP, SIGKILL, a crash — that daemon ends with it and the
/// address file goes with it, so no bus is left running parented to init.
@Suite(.leavesNoChildProcesses) struct BinauralBusLifetimeTests {
  /// A way of ending binaural: a signal sent to binaural alone (not its process group: a user's
  /// `kill` reaches one process), and the exit status it must end with.
  struct Ending: Sendable, CustomTestStringConvertible {
    let signal: Int32
    let name: String
    /// 0 for a graceful stop; 128 + the signal's number when the signal itself ends it.
    let status: Int32

    var testDescription: String { name }
  }

  static let signals: [Ending] = [
    Ending(signal: SIGINT, name: "SIGINT", status: 0),
    Ending(signal: SIGTERM, name: "SIGTERM", status: 0),
    // A closed terminal sends SIGHUP: a graceful stop, like SIGTERM.
    Ending(signal: SIGHUP, name: "SIGHUP", status: 0),
    // Nothing in binaural runs on these: only the kernel closing its files can end the bus.
    Ending(signal: SIGKILL, name: "SIGKILL", status: 128 + SIGKILL),
    Ending(signal: SIGSEGV, name: "a crash (SIGSEGV)", status: 128 + SIGSEGV),
    Ending(signal: SIGABRT, name: "a crash (SIGABRT)", status: 128 + SIGABRT),
  ]

  /// A runtime folder of the test's own (`XDG_RUNTIME_DIR`), where binaural puts its bus.
  struct Runtime {
    let folder: URL

    init() throws {
      folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("binaural-lifetime-\(UUID().uuidString.prefix(8))", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var addressFile: String { folder.appendingPathComponent("swift-remote-control/bus-address").path }

    /// The private bus's address, once binaural has written it.
    func address() async throws -> String {
      try await eventually("the address file") {
        (try? String(contentsOfFile: addressFile, encoding: .utf8))?.trimmingCharacters(
          in: .whitespacesAndNewlines)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  /// The private bus binaural started, seen from outside: its socket and its daemon's pid.
  struct StartedBus {
    let address: String
    let socket: String
    let daemon: Int32

    /// Finds the daemon serving `address` and waits until binaural owns its name there.
    init(address: String) async throws {
      self.address = address
      socket = String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
      let socket = self.socket
      daemon = try await eventually("the private dbus-daemon") {
        BinauralBusLifetimeTests.processes(naming: "--address=unix:path=\(socket)").first
      }
      _ = try await eventually("binaural on its private bus") { () async throws -> Bool? in
        let process = try ChildProcess(
          "playerctl", ["--player=binaural", "status"], environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        return try await process.waitForExit() == 0 ? true : nil
      }
      #expect(ChildProcess.isRunning(daemon))
    }

    /// Waits until the daemon, and whatever else names the socket, has ended; then checks that
    /// neither the socket nor the address file is left.
    func expectGone(addressFile: String) async throws {
      let daemon = self.daemon
      let socket = self.socket
      _ = try await eventually("the private dbus-daemon to end", within: .seconds(15)) {
        ChildProcess.isRunning(daemon) ? nil : true
      }
      _ = try await eventually("every process naming the bus's socket to end", within: .seconds(15)) {
        BinauralBusLifetimeTests.processes(naming: socket).isEmpty ? true : nil
      }
      #expect(!FileManager.default.fileExists(atPath: socket))
      #expect(!FileManager.default.fileExists(atPath: addressFile))
    }
  }

  @Test(arguments: signals)
  func thePrivateBusEndsWithBinaural(endedBy ending: Ending) async throws {
    let runtime = try Runtime()
    defer { runtime.remove() }
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "null", "--headless"],
      environment: [
        "XDG_RUNTIME_DIR": runtime.folder.path,
        "XDG_CACHE_HOME": runtime.folder.appendingPathComponent("cache").path,
        // Swift's crash backtracer catches SIGSEGV and SIGABRT; after a real fault the process
        // dies once it has printed, but a signal sent with kill() is only reported and the
        // process runs on. Without it, the signal ends binaural as the fault would.
        "SWIFT_BACKTRACE": "enable=no",
      ],
      removing: ["DBUS_SESSION_BUS_ADDRESS"])
    defer { binaural.kill() }
    let bus = try await StartedBus(address: try await runtime.address())

    #expect(kill(binaural.processIdentifier, ending.signal) == 0)
    let status = try await binaural.waitForExit(within: .seconds(30))
    #expect(status == ending.status, "\(binaural.standardError)")
    try await bus.expectGone(addressFile: runtime.addressFile)
  }

  /// Ways of ending binaural from its terminal.
  enum TerminalEnding: String, Sendable, CaseIterable {
    /// The `q` key.
    case quitKey = "q"
    /// The terminal goes away (its window closed): the kernel sends SIGHUP.
    case closedTerminal = "a closed terminal"
  }

  @Test(
    .enabled(if: .tmux),
    arguments: TerminalEnding.allCases)
  func thePrivateBusEndsWithBinauralOnATerminal(endedBy ending: TerminalEnding) async throws {
    let runtime = try Runtime()
    defer { runtime.remove() }
    let folder = runtime.folder.path
    let tmux = BinauralTerminalViewTests.Tmux(socket: "\(folder)/tmux")
    // binaural leads the terminal's session (`exec`), so a hang-up sends it SIGHUP as it sends
    // a shell; what it writes to standard error goes to a file, to tell a clean end from a crash.
    let command =
      "exec env -u DBUS_SESSION_BUS_ADDRESS XDG_RUNTIME_DIR='\(folder)' XDG_CACHE_HOME='\(folder)/cache' "
      + "'\(BinauralTests.executable)' --output null 2> '\(folder)/errors'"
    let started = try await tmux.run("new-session", "-d", "-s", "view", "-x", "120", "-y", "30", command)
    #expect(started.succeeded, "\(started)")
    // The tmux server is a daemon of its own: it is stopped before the test returns, however
    // the test ends.
    do {
      try await endOnATerminal(ending, tmux: tmux, runtime: runtime)
    } catch {
      _ = try? await tmux.run("kill-server")
      throw error
    }
    _ = try? await tmux.run("kill-server")
  }

  private func endOnATerminal(
    _ ending: TerminalEnding, tmux: BinauralTerminalViewTests.Tmux, runtime: Runtime
  ) async throws {
    let folder = runtime.folder.path
    let bus = try await StartedBus(address: try await runtime.address())
    let binaural = try #require(Int32(bus.socket.split(separator: "-").last ?? ""), "\(bus.socket)")
    _ = try await tmux.waitForScreen("the view") { $0.contains("space play/pause") }

    switch ending {
    case .quitKey: _ = try await tmux.run("send-keys", "-t", "view", "q")
    case .closedTerminal: _ = try await tmux.run("kill-server")
    }
    _ = try await eventually("binaural to exit") { ChildProcess.isRunning(binaural) ? nil : true }
    // A clean end both ways: nothing but binaural's own notices on standard error, no crash
    // report (writing to a closed terminal fails, and must not bring binaural down).
    let errors = try String(contentsOfFile: "\(folder)/errors", encoding: .utf8)
    #expect(errors.split(separator: "\n").allSatisfy { $0.hasPrefix("binaural: ") }, "\(errors)")
    try await bus.expectGone(addressFile: runtime.addressFile)
  }

  /// The running processes (zombies have no command line) whose command line contains `text`.
  static func processes(naming text: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
      guard let pid = Int32(entry), pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let commandLine = String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
      return commandLine.contains(text) ? pid : nil
    }
  }
}
