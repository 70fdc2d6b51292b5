import BusTestSupport
import Foundation

/// A real remotectld on a private bus, its state in the bus's folder, and what the tests ask
/// it: its web remote's URL, pairing through `remotectl pair`, requests through curl.
struct HubUnderTest: Sendable {
  let bus: PrivateBus
  let hub: ChildProcess
  let environment: [String: String]

  /// Starts `remotectld --http-port 0` (plus `arguments`) on `bus`, its state under the bus's
  /// folder, and waits until it owns its name.
  static func start(on bus: PrivateBus, _ arguments: [String] = ["--http-port", "0"]) async throws
    -> HubUnderTest
  {
    var environment = bus.environment
    environment["XDG_STATE_HOME"] = bus.directory.appendingPathComponent("state").path
    let hub = try await bus.startHub(
      arguments, environment: ["XDG_STATE_HOME": environment["XDG_STATE_HOME"] ?? ""])
    return HubUnderTest(bus: bus, hub: hub, environment: environment)
  }

  /// The web remote's loopback URL, once the hub says it (its `URLs` property).
  func url() async throws -> String {
    try await eventually("the hub's web remote URL") { () async throws -> String? in
      let result = try await bus.run(
        "gdbus",
        [
          "call", "--address", bus.address, "--dest", "io.github.swift_remote_control.Hub", "--object-path",
          "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
          "io.github.swift_remote_control.WebRemote1", "URLs",
        ])
      guard let start = result.output.range(of: "'http://"),
        let end = result.output[start.upperBound...].firstIndex(of: "'")
      else { return nil }
      return String(result.output[result.output.index(after: start.lowerBound)..<end])
    }
  }

  /// `remotectl ARGUMENTS` on the hub's bus.
  func remotectl(_ arguments: [String]) async throws -> ClientResult {
    try await ChildProcess.run(BuiltProducts.remotectl, arguments, environment: environment)
  }

  /// `curl` against the hub: the body and the status code, the last line.
  func curl(_ arguments: [String]) async throws -> (body: String, status: Int) {
    let result = try await ChildProcess.run("curl", ["-s", "-w", "\n%{http_code}"] + arguments)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.dropLast().joined(separator: "\n"), Int(lines.last ?? "") ?? 0)
  }

  /// Stops the hub.
  func stop() async {
    _ = await hub.terminate()
  }
}
