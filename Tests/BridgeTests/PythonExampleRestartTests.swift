import BusTestSupport
import Foundation
import Testing

/// The Python example when its hub goes away: it says so on standard error instead of ending in
/// silence, and registers its player again once a hub serves the bridge again.
@Suite(
  "The Python example across a hub restart", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct PythonExampleRestartTests {
  @Test func `the example says the hub closed the connection, and comes back with the restarted hub`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let example = try await PythonExample.start(on: hub, ["--app-id", "pyrestart", "--title", "Kept"])
    #expect(try await hub.bus.waitForPlayer("pyrestart") == "Kept")

    #expect(await hub.process.terminate() == 0)
    try await eventually("the example to say the hub closed its connection") {
      example.standardError.contains("remotectld closed the connection")
    }
    #expect(example.exitStatus == nil, "it goes on, waiting for a hub: \(example.standardError)")

    let runtime = hub.folder.deletingLastPathComponent()
    _ = try await hub.bus.startHub(
      ["--bus-address", hub.bus.address, "--bridge-port", "0"],
      environment: [
        "XDG_RUNTIME_DIR": runtime.path,
        "XDG_CONFIG_HOME": hub.bus.directory.appendingPathComponent("config").path,
      ], log: hub.bus.directory.appendingPathComponent("second.log").path, executable: BridgedHub.remotectld,
      waitingForName: false)
    _ = try await example.line(within: .seconds(30)) { $0.hasPrefix("registered ") }
    #expect(try await hub.bus.waitForPlayer("pyrestart") == "Kept", "the same player, as it was")
    await example.terminate()
    await hub.bus.stop()
  }
}
