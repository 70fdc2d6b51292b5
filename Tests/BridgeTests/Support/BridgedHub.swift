import BusTestSupport
import Foundation

/// remotectld with its bridge on a private bus, with a runtime folder and a configuration
/// folder of its own (so its socket, token and endpoint files are the test's).
struct BridgedHub: Sendable {
  static let mprisPath = "/org/mpris/MediaPlayer2"

  /// The bus the hub and the bridged players are on.
  let bus: PrivateBus
  /// The hub.
  let process: ChildProcess
  /// `$XDG_RUNTIME_DIR/remotectld`.
  let folder: URL
  /// The loopback endpoint, `ws://127.0.0.1:PORT/bridge`.
  let endpoint: String
  /// The bridge token.
  let token: String

  /// The unix socket.
  var socket: String { folder.appendingPathComponent("bridge.sock").path }
  /// The environment a client needs: the bus and the runtime folder.
  var environment: [String: String] {
    bus.environment.merging(["XDG_RUNTIME_DIR": folder.deletingLastPathComponent().path]) { $1 }
  }
  /// The hub's log.
  var log: String {
    bus.hubLog
  }

  /// The remotectld to run: `$BRIDGE_REMOTECTLD` (a release build, for the figures), else the
  /// one built beside the tests.
  static var remotectld: String {
    ProcessInfo.processInfo.environment["BRIDGE_REMOTECTLD"] ?? BuiltProducts.remotectld
  }

  /// Starts a bus and remotectld on it with `arguments`, and waits until the bridge listens on
  /// both listeners (its endpoint file and its socket exist).
  static func start(_ arguments: [String] = [], origins: [String] = []) async throws -> BridgedHub {
    let bus = try await PrivateBus.start()
    let runtime = bus.directory.appendingPathComponent("runtime", isDirectory: true)
    let config = bus.directory.appendingPathComponent("config", isDirectory: true)
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: config.appendingPathComponent("remotectld"), withIntermediateDirectories: true)
    if !origins.isEmpty {
      try (["# allowed origins"] + origins).joined(separator: "\n").write(
        to: config.appendingPathComponent("remotectld/bridge-origins"), atomically: true, encoding: .utf8)
    }
    let process = try await bus.startHub(
      ["--bus-address", bus.address, "--bridge-port", "0"] + arguments,
      environment: ["XDG_RUNTIME_DIR": runtime.path, "XDG_CONFIG_HOME": config.path], executable: remotectld,
      waitingForName: false)
    let folder = runtime.appendingPathComponent("remotectld", isDirectory: true)
    let endpointFile = folder.appendingPathComponent("bridge-endpoint")
    let endpoint = try await eventually("the bridge's endpoint file") { () -> String? in
      guard process.exitStatus == nil else {
        throw TestFailure("remotectld exited: \(process.standardError)")
      }
      return (try? String(contentsOf: endpointFile, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let socket = folder.appendingPathComponent("bridge.sock").path
    try await eventually("the bridge's socket") { FileManager.default.fileExists(atPath: socket) }
    let token = try String(contentsOf: folder.appendingPathComponent("bridge-token"), encoding: .utf8)
    return BridgedHub(bus: bus, process: process, folder: folder, endpoint: endpoint, token: token)
  }

  /// Connects a client over loopback TCP and says hello with the token.
  func client() async throws -> BridgeClient {
    let client = try await BridgeClient.connect(endpoint)
    try await client.hello(token: token)
    return client
  }

  /// Waits until `busName` has no owner any more, at most `timeout`.
  func waitForNameToVanish(_ busName: String, within timeout: Duration) async throws {
    try await eventually("\(busName) to leave the bus", within: timeout) { try await !hasOwner(busName) }
  }

  /// Whether `busName` has an owner now.
  func hasOwner(_ busName: String) async throws -> Bool {
    try await bus.gdbus(
      "call", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
      "org.freedesktop.DBus.NameHasOwner", busName
    ).output.contains("true")
  }
}
