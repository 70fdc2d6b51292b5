import BusTestSupport
import Foundation
import Testing

/// Players that publish what MPRIS does not allow: the hub neither crashes nor stalls, keeps
/// them as far as it can, and says in its log why it left something out.
@Suite(
  "The hub and players that publish nonsense", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct NonsenseTests {
  @Test
  func
    `a string trackid, a double length, no Metadata, unknown properties and failing Gets: each player still counts`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    let players = try bus.start(
      PythonPlayers.python, [PythonPlayers.nonsense], environment: PythonPlayers.environment,
      standardError: .file(bus.directory.appendingPathComponent("nonsense.log").path))
    _ = try await players.line(within: .seconds(10)) { $0 == "ready" }
    #expect(try await bus.hubActive() == "a")
    // Each starts playing in turn (the one before paused, so the newcomer takes over).
    for name in ["strange", "nometa", "failing"] {
      try await bus.tell(
        name, "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("\(name) is active", bus.hubActive, until: { $0 == name })
      try await bus.tell(
        name, "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    }
    // The last active stays while paused; the real player is served as before.
    #expect(try await bus.hubActive() == "failing")
    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually("a is active", bus.hubActive, until: { $0 == "a" })
    #expect(Set(try await bus.hubPlayers()) == ["a", "strange", "nometa", "failing"])
    #expect(hub.exitStatus == nil)
    #expect(players.exitStatus == nil)
    let log = try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
    #expect(
      log.contains(
        "could not read the player's state; it counts as what it announced, not playing if nothing"),
      "the hub says why it knows nothing of failing at first")
    #expect(log.contains("org.example.Error.Broken"), "and with the player's own error")
    await bus.stop()
  }
}
