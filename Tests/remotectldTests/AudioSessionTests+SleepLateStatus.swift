import BusTestSupport
import Foundation
import Testing

/// The system's sleep and a player that answers `Pause` before it reads `Paused`, as mpv-mpris
/// does: what reads the players when the hub lets the sleep go (logind's stand-in here) must see
/// it paused.
extension AudioSessionTests {
  /// A player that answers `Pause` at once and reads `Paused` half a second later; it prints
  /// `Pause` when it gets one, and `ready` once the hub lists `org.mpris.MediaPlayer2.latestatus`.
  static let lateStatus = PythonProgram.path("sleep_late_status_player.py")

  @Test(
    "a player that answers Pause before it reads Paused: the hub releases its inhibitor once it reads Paused, within its limit"
  )
  func sleepWaitsForThePausedStatus() async throws {
    try await Self.withLogind { systemBus, logind in
      try await withRig(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address]) { rig in
        let player = try ChildProcess(
          PythonPlayers.python, [Self.lateStatus],
          environment: rig.bus.environment.merging(PythonPlayers.environment) { $1 })
        rig.children.all.append(player)
        _ = try await player.line(within: .seconds(20)) { $0 == "ready" }
        try await logind.watch(["org.mpris.MediaPlayer2.latestatus"], on: rig.bus.address)
        try await eventually("the hub to hold its inhibitor while the player plays") {
          try await logind.inhibitors(systemBus: systemBus.address) == [Self.hubInhibitor]
        }
        let sleep = try await logind.sleep()
        #expect(sleep.released, "the hub did not release its inhibitor within logind's 5 s")
        #expect(sleep.statuses == ["org.mpris.MediaPlayer2.latestatus": "Paused"])
        // It waited for the status (0.5 s after the answer), not for its 2 s limit.
        #expect(sleep.ms >= 450 && sleep.ms < 1_900, "released after \(sleep.ms) ms")
        #expect(player.standardOutput.contains("Pause\n"), "the hub never sent Pause to the player")
        #expect(
          !rig.hub.standardError.contains("some players did not answer in time"), "\(rig.hub.standardError)")
        try await logind.wake()
      }
    }
  }
}
