import BusTestSupport
import Foundation

/// GNOME Shell, headless on a test's session bus, with a private system bus whose policy allows
/// everything (it asks logind) and a runtime folder of its own. Its media section is read with
/// `org.gnome.Shell.Eval` (`--unsafe-mode`).
struct GnomeShell: Sendable {
  let process: ChildProcess
  let systemBus: ConfiguredBus
  let bus: PrivateBus
  /// Its standard error.
  let log: String

  /// Whether `gnome-shell` is installed.
  static var isInstalled: Requirement { .executable("gnome-shell", debianPackage: "gnome-shell") }

  /// Starts GNOME Shell on `bus` and waits until it answers `Eval`.
  static func start(on bus: PrivateBus) async throws -> GnomeShell {
    let directory = bus.directory.appendingPathComponent("gnome-shell")
    let runtime = directory.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
    let systemBus = try await ConfiguredBus.start(
      .system, in: directory, environment: bus.environment, standardError: .file("/dev/null"))
    var environment = bus.environment
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = systemBus.address
    environment["XDG_RUNTIME_DIR"] = runtime.path
    environment["HOME"] = directory.path
    environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    // Headless GNOME Shell 43 sometimes dies while it starts, before it answers anything (a
    // segfault in libmutter-clutter, which the kernel log records), or, on a loaded machine, has
    // not answered after a minute: such a shell is stopped and started again, twice at most, and
    // the failure says what each attempt did.
    var attempts: [String] = []
    for attempt in 1...3 {
      let log = directory.appendingPathComponent("gnome-shell-\(attempt).log").path
      let process = try ChildProcess(
        "gnome-shell",
        ["--wayland", "--headless", "--no-x11", "--unsafe-mode", "--virtual-monitor", "1280x800"],
        environment: environment, standardError: .file(log))
      let shell = GnomeShell(process: process, systemBus: systemBus, bus: bus, log: log)
      do {
        try await eventually("GNOME Shell answers Eval", within: .seconds(60)) {
          if let status = process.exitStatus { throw TestFailure("gnome-shell exited with \(status)") }
          return (try? await shell.eval("1", askingAgain: false)) == "1"
        }
        return shell
      } catch {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        attempts.append("attempt \(attempt): \(error)\n\(text.suffix(1500))")
        _ = await process.terminate()
      }
    }
    throw TestFailure("GNOME Shell did not start:\n" + attempts.joined(separator: "\n"))
  }

  /// Evaluates `script` in GNOME Shell; its result as JSON text. A loaded machine can keep the
  /// shell's main loop from answering for over 20 s (an Eval failed so once, its gdbus ended by
  /// the 20 s limit with nothing said): gdbus is given its own 60 s. With `askingAgain`, an Eval
  /// the shell has not answered in those 60 s is sent once more (a fresh-clone CI with a core
  /// kept busy saw one so, its shell otherwise well); the failure carries the shell's log.
  func eval(_ script: String, askingAgain: Bool = true) async throws -> String {
    var failures: [String] = []
    for attempt in 1...2 {
      let result = try await bus.run(
        "gdbus",
        [
          "call", "--address", bus.address, "--dest", "org.gnome.Shell", "--object-path", "/org/gnome/Shell",
          "--timeout", "60", "--method", "org.gnome.Shell.Eval", script,
        ], timeout: .seconds(65))
      if result.status == 0, result.output.hasPrefix("(true, '") {
        return String(result.output.dropFirst("(true, '".count).dropLast("')\n".count))
      }
      failures.append("gdbus status \(result.status): \(result.output) \(result.error)")
      guard askingAgain, attempt == 1, result.error.contains("Timeout was reached") else { break }
      print("GNOME Shell did not answer an Eval in 60 s; asking once more")
    }
    let text: String
    do {
      text = String(try String(contentsOfFile: log, encoding: .utf8).suffix(1500))
    } catch {
      text = "(no log: \(error))"
    }
    throw TestFailure("Eval failed (\(failures.joined(separator: "; "))); GNOME Shell's log ends:\n\(text)")
  }

  /// The bus names of the players the media section shows a card for, sorted.
  func mediaPlayers() async throws -> [String] {
    let text = try await eval(
      "Main.panel.statusArea.dateMenu._messageList._mediaSection._messages.map(m => m._player._busName).sort().join(',')"
    )
    let names = text.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    return names.isEmpty ? [] : names.split(separator: ",").map(String.init)
  }

  /// How many cards the media section shows.
  func messageCount() async throws -> Int {
    Int(try await eval("Main.panel.statusArea.dateMenu._messageList._mediaSection._messages.length")) ?? -1
  }

  /// Stops GNOME Shell (which may crash on its way out, harmlessly) and its system bus.
  func stop() async {
    _ = await process.terminate(grace: .seconds(2))
    await systemBus.stop()
  }

  /// Runs `body` with GNOME Shell started on `bus`, and stops both, whatever happens.
  static func with(_ bus: PrivateBus, _ body: (GnomeShell) async throws -> Void) async throws {
    let shell: GnomeShell
    do {
      shell = try await start(on: bus)
    } catch {
      await bus.stop()
      throw error
    }
    do {
      try await body(shell)
    } catch {
      await shell.stop()
      await bus.stop()
      throw error
    }
    await shell.stop()
    await bus.stop()
  }
}
