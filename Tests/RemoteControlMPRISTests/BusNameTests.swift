import BusTestSupport
import Foundation
import RemoteControl
import Testing

/// The bus name policy: `org.mpris.MediaPlayer2.<name>`, or `.instance<pid>` when taken; the
/// name goes when the service stops.
@Suite(.leavesNoChildProcesses) struct BusNameTests {
  @Test @MainActor func aSecondPlayerWithTheSameNameTakesTheInstanceName() async throws {
    let bus = try await PrivateBus.start()
    let first = TestPlayer(bus: bus, playerName: "twin")
    let second = TestPlayer(bus: bus, playerName: "twin")
    do {
      try await first.start()
      try await second.start()
      #expect(first.busName == "org.mpris.MediaPlayer2.twin")
      #expect(
        second.busName == "org.mpris.MediaPlayer2.twin.instance\(ProcessInfo.processInfo.processIdentifier)")
      let listed = try await bus.playerctl("--list-all")
      #expect(
        Set(listed.trimmed.split(separator: "\n")) == [
          "twin", "twin.instance\(ProcessInfo.processInfo.processIdentifier)",
        ], "\(listed)")
      await first.stop()
      let owner = try await bus.gdbus(
        "call", "--dest", "org.freedesktop.DBus", "--object-path",
        "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.NameHasOwner", "org.mpris.MediaPlayer2.twin")
      #expect(owner.trimmed == "(false,)", "the name is released on stop: \(owner)")
      #expect(try await second.busctlGet("Identity", interface: MPRIS.root) == #"s "Test Player""#)
    } catch {
      await first.stop()
      await second.stop()
      await bus.stop()
      throw error
    }
    await second.stop()
    await bus.stop()
  }
}
