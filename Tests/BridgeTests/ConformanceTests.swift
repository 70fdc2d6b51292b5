import BusTestSupport
import Foundation
import Testing

/// `remotectl check` holds a bridged player to every MPRIS rule it checks, with the Python
/// example as the client that carries the actions out.
@Suite("Bridge: conformance", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct ConformanceTests {
  @Test func `remotectl check passes every rule that applies on a bridged player`() async throws {
    let hub = try await BridgedHub.start()
    let example = try await PythonExample.start(
      on: hub, ["--app-id", "checked", "--title", "One", "--title", "Two"])
    try await hub.bus.waitForPlayer("checked")
    let result = try await hub.bus.run(BuiltProducts.remotectl, ["check", "checked"], timeout: .seconds(60))
    print("remotectl check on a bridged player:\n\(result.output)")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count >= 18)
    // Every rule passes. The Media Session has no volume, loop or shuffle: the player refuses
    // those writes, saying nothing in it handles them, and check says those rules do not apply.
    for line in lines.dropLast() {
      #expect(line.hasPrefix("PASS "), "\(line)")
    }
    for rule in ["volume-set-and-clamped", "loop-and-shuffle-signalled"] {
      let line = lines.first { $0.hasPrefix("PASS \(rule):") }
      #expect(
        line?.contains("does not apply") == true && line?.contains("nothing in the player handled") == true,
        "\(line ?? "no line for \(rule)")")
    }
    #expect(lines.contains { $0.hasPrefix("PASS check-restores-the-player") })
    #expect(lines.contains { $0.hasPrefix("PASS stale-set-position-ignored") })
    #expect(lines.contains { $0.hasPrefix("PASS seeked-after-seek") })
    await example.terminate()
  }
}
