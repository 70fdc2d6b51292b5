import BusTestSupport
import DBus
import Foundation
import Testing

/// BusTestSupport's ``NameMonitor``, the one monitor of a bus name's signals every test uses:
/// ready means its match rule is installed, so a signal sent the moment it is ready arrives.
@Suite("The signal monitor of a bus name", .leavesNoChildProcesses, .timeLimit(.minutes(5)))
struct NameMonitorTests {
  @Test("100 monitors each see the signal sent the moment they print ready: none missed")
  func signalRightAfterReadyIsNeverMissed() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    var missed: [Int] = []
    for round in 0..<100 {
      let monitor = try fixture.bus.start(
        NameMonitor.executable,
        NameMonitor.arguments(address: fixture.bus.address, sender: TestService.name.rawValue))
      _ = try await monitor.line(within: .seconds(20), where: NameMonitor.isReady)
      try seek(to: 1_000_000 + round, on: fixture)
      // Whether it was missed, without a timeout: the bus delivers one sender's signals in order,
      // so once a later signal has arrived, the first is there or lost. The later one is sent
      // again until it shows (a monitor whose rule came late sees only some of them).
      let later = "(int64 \(2_000_000 + round),)"
      try await eventually("the monitor to see a later signal", within: .seconds(20)) { () throws -> Bool in
        if monitor.standardOutput.contains(later) { return true }
        try seek(to: 2_000_000 + round, on: fixture)
        return false
      }
      if !monitor.standardOutput.contains("(int64 \(1_000_000 + round),)") { missed.append(round) }
      await monitor.terminate()
    }
    #expect(missed.isEmpty, "signals sent right after ready and missed, in rounds \(missed)")
  }

  /// Emits the test service's `Seeked` with `position`: its argument is fixed when it is called
  /// (PropertiesChanged reads the property when the connection's thread sends it, later).
  private func seek(to position: Int, on fixture: Fixture) throws {
    try fixture.server.emitSignal(
      path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
      arguments: [.int64(Int64(position))])
  }
}
