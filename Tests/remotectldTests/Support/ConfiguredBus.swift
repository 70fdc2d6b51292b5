import BusTestSupport
import Foundation

/// A `dbus-daemon` of the test's own, from a configuration written for it: a session bus whose
/// configuration names a services folder, as a desktop's session bus names
/// `~/.local/share/dbus-1/services` (calling a name listed there starts its program: D-Bus
/// activation), or a system bus whose policy allows everything. The programs it starts stop with
/// it (they stay in its process group).
struct ConfiguredBus: ReachableBus {
  /// Which bus the daemon is.
  enum Kind: String, Sendable {
    /// A session bus.
    case session
    /// A system bus, with a policy that allows every user to own any name and send and receive
    /// anything (a real system bus denies by default).
    case system
  }

  /// The daemon.
  let daemon: ChildProcess
  /// The bus address.
  let address: String

  /// Writes a configuration for a `kind` bus into `directory` that listens there (and
  /// activates from `servicesDirectory`, when given), starts a daemon with it (with `environment`
  /// added to its own, its standard error to `standardError`), and returns once it listens.
  static func start(
    _ kind: Kind, in directory: URL, servicesDirectory: URL? = nil, environment: [String: String] = [:],
    standardError: ChildProcess.StandardError = .capture
  ) async throws -> ConfiguredBus {
    let socket = directory.appendingPathComponent(kind == .session ? "bus" : "system_bus_socket").path
    let configuration = directory.appendingPathComponent("\(kind.rawValue).conf")
    let services = servicesDirectory.map { "\n  <servicedir>\($0.path)</servicedir>" } ?? ""
    let policy =
      switch kind {
      case .session:
        """
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
        """
      case .system:
        """
            <allow user="*"/><allow own="*"/>
            <allow send_type="method_call"/><allow send_type="signal"/>
            <allow send_type="method_return"/><allow send_type="error"/>
            <allow receive_type="method_call"/><allow receive_type="signal"/>
            <allow receive_type="method_return"/><allow receive_type="error"/>
        """
      }
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>\(kind.rawValue)</type>
      <listen>unix:path=\(socket)</listen>\(kind == .system ? "\n  <auth>EXTERNAL</auth>" : "")\(services)
      <policy context="default">
    \(policy)
      </policy>
    </busconfig>
    """.write(to: configuration, atomically: true, encoding: .utf8)
    let daemon = try ChildProcess(
      "dbus-daemon", ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"],
      environment: environment, standardError: standardError)
    do {
      _ = try await daemon.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    } catch {
      await daemon.terminate()
      throw error
    }
    return ConfiguredBus(daemon: daemon, address: "unix:path=\(socket)")
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
