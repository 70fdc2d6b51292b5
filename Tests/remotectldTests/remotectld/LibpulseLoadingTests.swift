import BusTestSupport
import Foundation
import HubSupport
import SoundServer
import Testing

/// The hub maps libpulse, and the libraries it loads, only once a sound server may answer.
@Suite(
  "libpulse loaded only when a sound server is to be reached", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct LibpulseLoadingTests {
  /// Variables of the test's own environment that would name a server to the hub.
  static let serverVariables = ["PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_CLIENTCONFIG", "DISPLAY"]

  @Test func `with no sound server in sight the hub maps no libpulse, and one named is tried through it`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.stoppingWithHubLog {
      let home = bus.directory.appendingPathComponent("home")
      let runtime = bus.directory.appendingPathComponent("runtime")
      for folder in [home, runtime] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      let environment = [
        "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_RUNTIME_DIR": runtime.path,
      ]
      // This machine's own places (/etc/pulse/client.conf, /run/pulse/native) must name none.
      let absence = SoundServerPlaces(environment: environment).absence(at: nil)
      try #require(absence != nil, "this machine has a system-wide sound server or a client.conf naming one")

      let hub = try await bus.startHub(environment: environment, removing: Self.serverVariables)
      try await eventually("the audio session tried the sound server") {
        bus.hubLog.contains("No sound server to reach")
      }
      #expect(try !Self.mapsLibpulse(hub.processIdentifier))
      hub.signal(SIGTERM)
      #expect(try await hub.waitForExit(within: .seconds(10)) == 0)

      let named = try await bus.startHub(
        environment: environment.merging(["PULSE_SERVER": "unix:\(runtime.path)/nowhere/native"]) { $1 },
        removing: Self.serverVariables.filter { $0 != "PULSE_SERVER" }, log: bus.directory.path + "/named.log"
      )
      let log = bus.directory.appendingPathComponent("named.log")
      try await eventually("the audio session tried the named server") {
        try String(contentsOf: log, encoding: .utf8).contains("No sound server answered")
      }
      #expect(try Self.mapsLibpulse(named.processIdentifier))
    }
  }

  /// Whether process `pid` maps libpulse.
  static func mapsLibpulse(_ pid: Int32) throws -> Bool {
    let maps = try #require(FileBytes.read(atPath: "/proc/\(pid)/maps", upTo: 1 << 22))
    return String(decoding: maps, as: UTF8.self).contains("/libpulse.so")
  }
}
