import Foundation

/// A message bus of the test's own: a `dbus-daemon` listening on a socket in a fresh temporary
/// folder, killed by ``stop()``. Clients reach it through ``environment``.
final class PrivateBus: Sendable {
  /// The bus address, as `dbus-daemon` printed it.
  let address: String
  /// The temporary folder holding the socket (and anything else the test writes).
  let directory: URL
  private let daemon: ChildProcess

  private init(address: String, directory: URL, daemon: ChildProcess) {
    self.address = address
    self.directory = directory
    self.daemon = daemon
  }

  /// Starts a daemon and waits until it prints its address.
  static func start() async throws -> PrivateBus {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mpris-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let daemon = try ChildProcess(
      "dbus-daemon",
      ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(directory.path)/bus"])
    let address = try await daemon.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    return PrivateBus(address: address, directory: directory, daemon: daemon)
  }

  /// What a client needs in its environment to use this bus: `DBUS_SESSION_BUS_ADDRESS`, and a
  /// cache folder of its own (artwork goes there).
  var environment: [String: String] {
    ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
  }

  /// Runs a client program on this bus to its end.
  ///
  /// - Returns: Its exit status and output.
  @discardableResult
  func run(_ executable: String, _ arguments: String..., timeout: Duration = .seconds(20)) async throws
    -> ClientResult
  {
    try await run(executable, arguments, timeout: timeout)
  }

  /// Runs a client program on this bus to its end.
  func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(20)) async throws
    -> ClientResult
  {
    let process = try ChildProcess(executable, arguments, environment: environment)
    let status = try await process.waitForExit(within: timeout)
    return ClientResult(
      commandLine: process.commandLine, status: status, output: process.standardOutput, error: process.standardError)
  }

  /// Starts a long-running client on this bus (`playerctl --follow`, a signal monitor).
  func start(_ executable: String, _ arguments: String...) throws -> ChildProcess {
    try ChildProcess(executable, arguments, environment: environment)
  }

  /// Kills the daemon (SIGKILL: it shrugs off SIGTERM) and removes the folder.
  func stop() async {
    daemon.kill()
    _ = try? await daemon.waitForExit(within: .seconds(5))
    try? FileManager.default.removeItem(at: directory)
  }
}
