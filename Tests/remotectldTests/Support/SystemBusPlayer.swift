import BusTestSupport

/// The tests' own MPRIS player on a private system bus (`system_player.py`, python3-dbus), which
/// can also play shairport-sync's part (`org.gnome.ShairportSync` `Active`,
/// `.RemoteControl` `Available`) and give the illegal values shairport-sync 3.3.8 gives. It
/// prints one line per call it takes (`call Next`, `set LoopStatus Track`) and takes commands on
/// its standard input (``send(_:)``).
struct SystemBusPlayer {
  /// What the player is.
  enum Option: String {
    /// On the session bus instead of the system bus.
    case session = "--session"
    /// `PlaybackStatus` and `LoopStatus` "Not Available", `Rate` 0 against `MinimumRate` 1, and
    /// an ill-typed `Volume` (a string).
    case illegal = "--illegal"
    /// shairport-sync's own interfaces too, `Active` and `Available` false at first.
    case shairport = "--shairport"
  }

  let process: ChildProcess
  /// Its MPRIS bus name.
  let busName: String

  /// Starts the player `org.mpris.MediaPlayer2.NAME` on `system` (on `session` with
  /// ``Option/session``) and returns once it owns its name.
  static func start(
    _ name: String, _ options: [Option] = [], system: any ReachableBus, session: PrivateBus
  ) async throws -> SystemBusPlayer {
    let process = try ChildProcess(
      PythonPlayers.python, [PythonProgram.path("system_player.py"), name] + options.map(\.rawValue),
      environment: PythonMPRISPlayer.environment.merging(
        ["DBUS_SYSTEM_BUS_ADDRESS": system.address, "DBUS_SESSION_BUS_ADDRESS": session.address]) { $1 },
      standardInput: .pipe)
    do {
      _ = try await process.line { $0.hasPrefix("ready") }
    } catch {
      await process.terminate()
      throw TestFailure("\(error); the player said: \(process.standardError)")
    }
    return SystemBusPlayer(process: process, busName: "org.mpris.MediaPlayer2.\(name)")
  }

  /// Sends a command (`active true`, `status Playing`…) and waits until the player has acted on it.
  func send(_ command: String) async throws {
    try process.write(command + "\n")
    let word = command.split(separator: " ").first.map(String.init) ?? command
    _ = try await process.line { $0 == "done \(word)" }
  }

  /// Waits until the player has printed `line` (`call Next`) `times` times in all.
  func took(_ line: String, times: Int = 1) async throws {
    try await eventually("\(busName) to print \(line) \(times) times", { count(of: line) }) { $0 >= times }
  }

  /// How many times it printed `line` so far.
  func count(of line: String) -> Int {
    process.standardOutput.split(separator: "\n").count { $0 == line }
  }

  func stop() async {
    await process.terminate()
  }
}
