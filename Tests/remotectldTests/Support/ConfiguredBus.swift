import BusTestSupport
import Foundation

/// A private session bus whose configuration names a services folder, as a desktop's session
/// bus names `~/.local/share/dbus-1/services`: calling a name listed there starts its program
/// (D-Bus activation). The programs it starts stop with it (they stay in its process group).
struct ActivationBus: Sendable {
  /// The daemon.
  let daemon: ChildProcess
  /// The bus address.
  let address: String

  /// Writes a session configuration into `directory` that listens there and activates from
  /// `servicesDirectory`, starts a daemon with it, and returns once it listens.
  static func start(in directory: URL, servicesDirectory: URL) async throws -> ActivationBus {
    let socket = directory.appendingPathComponent("bus").path
    let configuration = directory.appendingPathComponent("session.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <servicedir>\(servicesDirectory.path)</servicedir>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(to: configuration, atomically: true, encoding: .utf8)
    let daemon = try ChildProcess(
      "dbus-daemon", ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"])
    do {
      _ = try await daemon.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    } catch {
      await daemon.terminate()
      throw error
    }
    return ActivationBus(daemon: daemon, address: "unix:path=\(socket)")
  }

  /// Runs a client on this bus to its end.
  func run(_ executable: String, _ arguments: [String]) async throws -> ClientResult {
    try await ChildProcess.run(executable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address])
  }

  /// `busctl call` to the bus itself (`org.freedesktop.DBus`): its printed reply.
  func askBus(_ method: String, _ arguments: [String] = []) async throws -> ClientResult {
    try await run(
      "busctl",
      [
        "--address=\(address)", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus", method,
      ]
        + arguments)
  }

  /// The process id of the connection that owns `name`, or `nil` when nobody does.
  func processIdentifier(of name: String) async throws -> Int32? {
    let reply = try await askBus("GetConnectionUnixProcessID", ["s", name])
    guard reply.status == 0 else { return nil }
    // "u 1234"
    return reply.output.split(separator: " ").last.flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Stops the daemon, and with it what it started.
  func stop() async {
    await daemon.terminate()
  }
}
