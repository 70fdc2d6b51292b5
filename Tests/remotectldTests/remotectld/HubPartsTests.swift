import BusTestSupport
import Foundation
import HubAPI
import Testing

/// The rule remotectld's parts follow: a listener that fails (its port taken) takes nothing else
/// down, removes what it left behind and says why on the bus; a graceful stop stops every part in
/// order, the hub's own names last, removes the bridge's files and exits 0.
@Suite(
  "remotectld's parts: a failing listener and a graceful stop", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct HubPartsTests {
  static let webRemoteInterface = WebRemote1.interface
  static let bridgeInterface = Bridge1.interface
  static let proxyName = "org.mpris.MediaPlayer2.remotectld"

  /// Folders of the test's own for the hub: runtime (mode 0700), state and configuration.
  static func environment(on bus: PrivateBus) throws -> (environment: [String: String], folder: URL) {
    let runtime = bus.directory.appendingPathComponent("runtime", isDirectory: true)
    let folder = runtime.appendingPathComponent("remotectld", isDirectory: true)
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
    let environment = [
      "XDG_RUNTIME_DIR": runtime.path,
      "XDG_STATE_HOME": bus.directory.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
    ]
    return (environment, folder)
  }

  /// A string property of the hub's `interface`, as gdbus prints it.
  static func property(_ interface: String, _ name: String, on bus: PrivateBus) async throws -> String {
    try await bus.gdbusCall(
      PrivateBus.hubName, "org.freedesktop.DBus.Properties.Get", [interface, name])
  }

  static func log(of bus: PrivateBus) throws -> String {
    try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
  }

  static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

  @Test func `a web port already taken: MPRIS and the bridge serve on, and the bus says why the web is off`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let taken = try TakenPort()
    let (environment, folder) = try Self.environment(on: bus)
    let hub = try await bus.startHub(
      ["--http-port", "\(taken.port)", "--bridge-port", "0", "--proxy", "on"], environment: environment)
    let reason = try await eventually("the web remote's Reason to say why it is off") {
      () async throws -> String? in
      let reason = try await Self.property(Self.webRemoteInterface, "Reason", on: bus)
      return reason.contains("stopped") ? reason : nil
    }
    #expect(
      reason.contains("the web server stopped: cannot listen on 127.0.0.1:\(taken.port)"), "\(reason)")
    #expect(try Self.log(of: bus).contains("the web server stopped; the hub goes on without it"))

    // Every other part serves: the order, the proxy player, the bridge's listeners.
    try await bus.startBinaural("binaural")
    try await eventually("binaural in the hub's order") { try await bus.hubPlayers() == ["binaural"] }
    try await bus.waitForName(Self.proxyName)
    let status = try await bus.gdbusCall(
      Self.proxyName, "org.freedesktop.DBus.Properties.Get",
      ["org.mpris.MediaPlayer2.Player", "PlaybackStatus"])
    #expect(status.contains("Paused"), "\(status)")
    try await eventually("the bridge's endpoint file") {
      Self.exists(folder.appendingPathComponent("bridge-endpoint"))
    }
    #expect(hub.exitStatus == nil)

    hub.signal(SIGTERM)
    #expect(try await hub.waitForExit(within: .seconds(10)) == 0)
    await bus.stop()
  }

  @Test func `a bridge port already taken: the stale endpoint file goes at once, the rest serves on`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let taken = try TakenPort()
    let (environment, folder) = try Self.environment(on: bus)
    // Left by a hub that was killed: it names a port nobody serves any more.
    let endpoint = folder.appendingPathComponent("bridge-endpoint")
    try "ws://127.0.0.1:1/bridge\n".write(to: endpoint, atomically: true, encoding: .utf8)
    let hub = try await bus.startHub(
      ["--no-http", "--bridge-port", "\(taken.port)"], environment: environment)
    let reason = try await eventually("the bridge's Reason to say its TCP listener stopped") {
      () async throws -> String? in
      let reason = try await Self.property(Self.bridgeInterface, "Reason", on: bus)
      return reason.contains("loopback TCP listener stopped") ? reason : nil
    }
    #expect(reason.contains("\(taken.port)") || reason.contains("in use"), "\(reason)")
    try await eventually("the stale endpoint file to be removed") { !Self.exists(endpoint) }
    let socket = folder.appendingPathComponent("bridge.sock")
    #expect(Self.exists(socket))
    #expect(try await Self.property(Self.bridgeInterface, "Socket", on: bus).contains(socket.path))
    try await bus.startBinaural("binaural")
    try await eventually("binaural in the hub's order") { try await bus.hubPlayers() == ["binaural"] }
    #expect(hub.exitStatus == nil)

    hub.signal(SIGTERM)
    #expect(try await hub.waitForExit(within: .seconds(10)) == 0)
    #expect(!Self.exists(socket))
    await bus.stop()
  }

  @Test(.enabled(if: .curl))
  func `the web remote and the bridge start on their first connection, which they answer`() async throws {
    let bus = try await PrivateBus.start()
    let (environment, folder) = try Self.environment(on: bus)
    let hub = try await bus.startHub(
      ["--http-port", "0", "--bridge-port", "0", "--proxy", "on"], environment: environment)
    let endpoint = folder.appendingPathComponent("bridge-endpoint")
    let urls = try await eventually("the web remote's URL and the bridge's endpoint file") {
      () async throws -> String? in
      let urls = try await Self.property(Self.webRemoteInterface, "URLs", on: bus)
      return urls.contains("http://127.0.0.1:") && Self.exists(endpoint) ? urls : nil
    }
    // Bound at start, so addressed on the bus and in the endpoint file; nothing serves them yet.
    try await bus.waitForName(Self.proxyName)
    #expect(!(try Self.log(of: bus)).contains("started for its first connection"))

    let page = try #require(urls.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//)).output
    let answer = try await ChildProcess.run(
      "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", String(page)])
    #expect(answer.output.trimmingCharacters(in: .whitespacesAndNewlines) == "200", "\(answer)")
    let bridgeURL = try String(contentsOf: endpoint, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "ws://", with: "http://")
    let bridgeAnswer = try await ChildProcess.run(
      "curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", bridgeURL])
    // Any HTTP answer: curl says 000 when nothing answers.
    let bridgeStatus = bridgeAnswer.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(bridgeStatus.count == 3 && bridgeStatus != "000", "\(bridgeAnswer)")
    let log = try Self.log(of: bus)
    #expect(log.contains("the web remote started for its first connection"), "\(log)")
    #expect(log.contains("the bridge started for its first connection"), "\(log)")

    hub.signal(SIGTERM)
    #expect(try await hub.waitForExit(within: .seconds(10)) == 0)
    #expect(!Self.exists(endpoint))
    await bus.stop()
  }

  @Test func `SIGTERM: the proxy's names released, then the hub's, the bridge's files removed, exit 0`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let (environment, folder) = try Self.environment(on: bus)
    let hub = try await bus.startHub(
      ["--http-port", "0", "--bridge-port", "0", "--proxy", "on"], environment: environment)
    try await bus.waitForName(Self.proxyName)
    try await bus.waitForName(PrivateBus.playerctldName)
    let socket = folder.appendingPathComponent("bridge.sock")
    let endpoint = folder.appendingPathComponent("bridge-endpoint")
    try await eventually("the bridge's socket and endpoint file") {
      Self.exists(socket) && Self.exists(endpoint)
    }
    try await eventually("the web remote's URL") {
      try await Self.property(Self.webRemoteInterface, "URLs", on: bus).contains("http://127.0.0.1:")
    }

    hub.signal(SIGTERM)
    #expect(try await hub.waitForExit(within: .seconds(10)) == 0)
    let names = try await bus.gdbusCall(
      "org.freedesktop.DBus", "org.freedesktop.DBus.ListNames", path: "/org/freedesktop/DBus")
    for name in [PrivateBus.hubName, Self.proxyName, PrivateBus.playerctldName] {
      #expect(!names.contains("'\(name)'"), "\(name) in \(names)")
    }
    #expect(!Self.exists(socket))
    #expect(!Self.exists(endpoint))
    // The order the parts stop in: the proxy player's names before the hub's own.
    let log = try Self.log(of: bus)
    let proxyReleased = try #require(log.range(of: "released \(Self.proxyName)"), "\(log)")
    let hubReleased = try #require(log.range(of: "released the hub's names"), "\(log)")
    #expect(proxyReleased.lowerBound < hubReleased.lowerBound)
    #expect(!log.contains("critical"), "\(log)")
    await bus.stop()
  }
}
