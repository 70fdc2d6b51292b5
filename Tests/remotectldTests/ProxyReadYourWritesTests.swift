import BusTestSupport
import Foundation
import Testing

/// A read through the proxy right after a call through it returns sees what the player announced
/// before its reply; and one press through the proxy costs the six messages it must.
@Suite(
  "The proxy player reads your writes", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct ProxyReadYourWritesTests {
  /// The python3-dbus client the benchmark (Benchmarks/view.sh) runs too: `pairs N` prints how
  /// many of N reads after a PlayPause through the proxy were stale; `press` sends one PlayPause
  /// between two GetId markers and prints DONE.
  static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Benchmarks/proxy_client.py").path

  @Test func `PlayPause then Get through the proxy never reads the old status, with a core busy`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http", "--proxy", "on"])
    try await bus.startBinaural("binaural")
    try await eventually("the proxy forwards binaural") {
      try await bus.read(PrivateBus.proxyName, "CanPause") == "b true"
    }
    _ = try bus.start("sh", ["-c", "while :; do :; done"], standardError: .file("/dev/null"))
    let result = try await bus.run(
      "/usr/bin/python3", [Self.client, "pairs", "2000"], timeout: .seconds(90))
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "stale reads: \(result.output)")
    await bus.stop()
  }

  @Test func `one press through the proxy costs six messages, with the web remote running`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--http-port", "0", "--proxy", "on"])
    try await bus.startBinaural("binaural")
    try await eventually("the proxy forwards binaural") {
      try await bus.read(PrivateBus.proxyName, "CanPause") == "b true"
    }
    let monitor = try bus.start("dbus-monitor", ["--address", bus.address])
    _ = try await monitor.line(within: .seconds(10)) { $0.contains("member=NameAcquired") }
    let press = try await bus.run("/usr/bin/python3", [Self.client, "press"])
    #expect(press.output.contains("DONE"), "\(press.error)")
    let markers = try await eventually("dbus-monitor shows both markers") { () -> [Int]? in
      let lines = monitor.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let marks = lines.indices.filter {
        lines[$0].hasPrefix("method call") && lines[$0].contains("member=GetId")
      }
      return marks.count >= 2 ? Array(marks.prefix(2)) : nil
    }
    let lines = monitor.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let headers = lines[markers[0] + 1..<markers[1]].filter { line in
      ["method call", "method return", "error", "signal"].contains { line.hasPrefix($0) }
    }
    // The first is the bus's reply to the first marker.
    let press6 = headers.dropFirst()
    #expect(press6.count <= 6, "messages for one press:\n\(press6.joined(separator: "\n"))")
    await bus.stop()
  }
}
