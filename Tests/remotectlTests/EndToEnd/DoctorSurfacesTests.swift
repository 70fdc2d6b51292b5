import BusTestSupport
import Foundation
import Testing

/// `remotectl doctor` on the parts of the hub the README names: the bridge (on, or off and why),
/// the web remote's address, and the hub's own names kept apart from the players.
@Suite(
  "End to end: doctor tells what the hub serves", .serialized,
  .enabled(if: Tools.busTestsCanRun && PrivateBus.hubCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(3))
)
struct DoctorSurfacesTests {
  /// Starts remotectld on `bus` with free ports and the proxy published, `XDG_RUNTIME_DIR` set to
  /// `runtime` or, when `nil`, removed from its environment, as on a machine without a user
  /// session; returns once it owns its name.
  static func startHub(on bus: PrivateBus, runtime: URL?, httpPort: Int = 0) async throws {
    var environment = [
      "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
      "XDG_STATE_HOME": bus.directory.appendingPathComponent("state").path,
    ]
    if let runtime { environment["XDG_RUNTIME_DIR"] = runtime.path }
    try await bus.startHub(
      ["--http-port", "\(httpPort)", "--bridge-port", "0", "--proxy", "on"], environment: environment,
      removing: runtime == nil ? ["XDG_RUNTIME_DIR"] : [])
  }

  /// The doctor's line that starts with `prefix` after its label.
  static func line(_ output: String, _ prefix: String) -> String? {
    output.split(separator: "\n").map { String($0.dropFirst(8)) }.first { $0.hasPrefix(prefix) }
  }

  @Test
  func `without XDG_RUNTIME_DIR the doctor names the bridge as off and why, and the web remote's address`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await Self.startHub(on: bus, runtime: nil)
    try await bus.startBinaural()
    // The hub's parts start one after the other: the doctor is asked until the proxy is published,
    // the bridge has said why it is off, and the web remote listens.
    let doctor = try await eventually(
      "the doctor to see the hub's proxy, bridge and web remote", { try await bus.remotectl("doctor") }
    ) {
      $0.output.contains("proxies on the bus") && !$0.output.contains("has not started yet")
        && $0.output.contains("the web remote is at")
    }
    let bridge = try #require(Self.line(doctor.output, "the bridge is off"), "\(doctor.output)")
    #expect(bridge.contains("XDG_RUNTIME_DIR is not set in remotectld's environment"), "\(bridge)")
    #expect(bridge.contains("→ fix: give remotectld XDG_RUNTIME_DIR"), "\(bridge)")
    let web = try #require(
      Self.line(doctor.output, "the web remote is at http://127.0.0.1:"), "\(doctor.output)")
    #expect(!web.contains(":7600/"), "the port it picked, not the default: \(web)")
    // The hub's own names are proxies, not players: binaural is the one player, and the one
    // examined.
    #expect(
      Self.line(doctor.output, "players on the bus: ") == "players on the bus: binaural", "\(doctor.output)")
    let proxies = try #require(
      Self.line(doctor.output, "proxies on the bus, not players: "), "\(doctor.output)")
    #expect(proxies.contains("remotectld") && proxies.contains("playerctld"), "\(proxies)")
    #expect(doctor.output.contains("binaural answers at /org/mpris/MediaPlayer2"), "\(doctor.output)")
    #expect(doctor.status == 0, "a bridge that is off is a note, not a problem: \(doctor.output)")
    await bus.stop()
  }

  @Test func `with XDG_RUNTIME_DIR the doctor says where the bridge listens`() async throws {
    let bus = try await PrivateBus.start()
    let runtime = bus.directory.appendingPathComponent("runtime", isDirectory: true)
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try await Self.startHub(on: bus, runtime: runtime)
    let socket = runtime.appendingPathComponent("remotectld/bridge.sock").path
    let doctor = try await eventually(
      "the doctor to see the bridge listen", { try await bus.remotectl("doctor") }
    ) {
      $0.output.contains("the bridge serves pages and programs at ws://127.0.0.1:")
    }
    let bridge = try #require(Self.line(doctor.output, "the bridge serves"), "\(doctor.output)")
    #expect(bridge.contains("and the unix socket \(socket)"), "\(bridge)")
    #expect(!doctor.output.contains("the bridge is off"), "\(doctor.output)")
    await bus.stop()
  }

  @Test func `with its web port taken the doctor says the web remote is off and why, and the hub serves`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let taken = try TakenPort()
    try await Self.startHub(on: bus, runtime: nil, httpPort: taken.port)
    // While the hub starts, the web remote is off because it "has not started yet": the doctor
    // is asked until it says why the web server stopped.
    let doctor = try await eventually(
      "the doctor to see the web remote off", { try await bus.remotectl("doctor") }
    ) {
      Self.line($0.output, "the web remote is off").map { !$0.contains("has not started yet") } ?? false
    }
    let web = try #require(Self.line(doctor.output, "the web remote is off"), "\(doctor.output)")
    #expect(
      web.contains("the web server stopped: cannot listen on 127.0.0.1:\(taken.port)"), "\(web)")
    #expect(try await bus.remotectl("hub").status == 0)
    await bus.stop()
  }
}
