import BusTestSupport
import Foundation
import Testing

/// The bus restarting: the hub comes back with its history, so the same key still reaches the
/// same player.
@Suite(
  "The hub across a bus restart", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct BusRestartTests {
  @Test func `after the bus restarts, the players come back in their activity order, the active one first`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    for name in ["a", "b", "c", "d"] {
      try await bus.startBinaural(name)
      try await eventually("the hub lists \(name)", bus.hubPlayers, until: { $0.contains(name) })
    }
    // A history that the order of appearance would not give: b, then d, then a played.
    for name in ["b", "d", "a"] {
      try await bus.tell(
        name, "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await bus.tell(
        name, "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    }
    try await eventually("the hub's order", bus.hubPlayers, until: { $0 == ["a", "d", "b", "c"] })
    try await bus.restart()
    try await bus.waitForName(PrivateBus.hubName)
    // The players reconnect in whatever order they manage; once all four are back, the order
    // is the one from before the restart.
    let order = try await eventually("the hub lists all four again", bus.hubPlayers, until: { $0.count == 4 })
    #expect(order == ["a", "d", "b", "c"])
    #expect(try await bus.hubActive() == "a")
    #expect(hub.exitStatus == nil)
    await bus.stop()
  }
}
