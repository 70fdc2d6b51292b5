import Foundation
import Testing

/// A private `dbus-daemon` for one test, with the players started on it; everything is
/// stopped when the test lets go of it.
final class PrivateBus: @unchecked Sendable {
  // @unchecked: `children` is only touched by the one test that owns the bus, never concurrently.
  let directory: URL
  let address: String
  private var children: [RunningProcess] = []
  private let daemon: RunningProcess

  /// The environment every client of this bus gets.
  var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// Starts `dbus-daemon --session` on a socket in a fresh directory and waits for the address
  /// it prints.
  init() async throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "remotectl-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let socket = directory.appendingPathComponent("bus").path
    daemon = try RunningProcess(
      Tools.which("dbus-daemon") ?? "/usr/bin/dbus-daemon",
      ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(socket)"])
    guard let printed = await daemon.nextLine(within: .seconds(10)), !printed.isEmpty else {
      daemon.stop()
      throw BusTestError("dbus-daemon printed no address")
    }
    address = printed
  }

  deinit {
    for child in children.reversed() { child.stop() }
    daemon.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Starts `binaural --output null` and waits until it owns its name.
  func startBinaural(name: String = "binaural") async throws {
    let child = try RunningProcess(
      Tools.binaural, ["--output", "null", "--name", name], environment: environment,
      stderrTo: directory.appendingPathComponent("\(name).log").path)
    children.append(child)
    try await waitForName("org.mpris.MediaPlayer2.\(name)")
  }

  /// Starts a second `binaural` whose name is taken, so it owns
  /// `org.mpris.MediaPlayer2.binaural.instance<pid>`; returns its pid once that name is owned.
  @discardableResult
  func startSecondBinaural() async throws -> Int32 {
    let child = try RunningProcess(
      Tools.binaural, ["--output", "null"], environment: environment,
      stderrTo: directory.appendingPathComponent("binaural-2.log").path)
    children.append(child)
    try await waitForName("org.mpris.MediaPlayer2.binaural.instance\(child.pid)")
    return child.pid
  }

  /// Starts mpv with mpv-mpris on a sine source and waits until it owns `org.mpris.MediaPlayer2.mpv`.
  func startMpv() async throws {
    let child = try RunningProcess(
      Tools.which("mpv") ?? "/usr/bin/mpv",
      [
        "--no-config", "--idle=yes", "--script=\(Tools.mprisPlugin ?? "")", "--no-video", "--ao=null",
        "--no-terminal", "av://lavfi:sine",
      ], environment: environment)
    children.append(child)
    try await waitForName("org.mpris.MediaPlayer2.mpv")
  }

  /// Starts a long-running remotectl (a follower) on this bus.
  func startRemotectl(_ arguments: [String]) throws -> RunningProcess {
    let child = try RunningProcess(Tools.remotectl, arguments, environment: environment)
    children.append(child)
    return child
  }

  /// `gdbus wait`: returns once `name` has an owner, or throws after 10 s.
  func waitForName(_ name: String) async throws {
    let result = try await ChildProcess.run(
      Tools.which("gdbus") ?? "/usr/bin/gdbus", ["wait", "--address", address, "--timeout", "10", name])
    if result.status != 0 { throw BusTestError("\(name) did not appear: \(result.stderr)") }
  }

  /// Runs remotectl on this bus.
  func remotectl(_ arguments: String...) async throws -> CommandResult {
    try await ChildProcess.run(Tools.remotectl, arguments, environment: environment)
  }

  /// Runs remotectl with an argument array.
  func remotectl(arguments: [String]) async throws -> CommandResult {
    try await ChildProcess.run(Tools.remotectl, arguments, environment: environment)
  }

  /// Runs playerctl on this bus.
  func playerctl(_ arguments: [String]) async throws -> CommandResult {
    try await ChildProcess.run(
      Tools.which("playerctl") ?? "/usr/bin/playerctl", arguments, environment: environment)
  }
}

/// A failure to set up an end-to-end test.
struct BusTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
