import BusTestSupport
import Foundation

/// The Python example client, Examples/bridge-python/remote_control_player.py, run as users run
/// it, with Debian's python3 and its websockets (`python3-websockets`, which `make test` installs).
enum PythonExample {
  /// The script's path in the source tree.
  static let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/bridge-python/remote_control_player.py")
    .path

  /// Starts the example against `hub` with `arguments` and waits until its player is registered.
  static func start(on hub: BridgedHub, _ arguments: [String]) async throws -> ChildProcess {
    let child = try ChildProcess(PrivateBus.python3, ["-u", path] + arguments, environment: hub.environment)
    _ = try await child.line(within: .seconds(20)) { $0.hasPrefix("registered ") }
    return child
  }
}
