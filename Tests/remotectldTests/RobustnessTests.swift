import BusTestSupport
import Foundation
import Testing

/// Players that crash, never answer or publish nonsense, and a bus that restarts.
@Suite(
  "The hub under faults", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct RobustnessTests {
  @Test func `the active player crashing: the hub switches and announces it`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    let a = try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await eventually("the hub lists a and b", bus.hubPlayers, until: { $0 == ["a", "b"] })
    let changes = try SignalMonitor(on: bus, sender: PrivateBus.hubName)
    try await changes.ready()
    let started = ContinuousClock.now
    a.kill()
    try await changes.wait(
      for: "NowPlayingChanged ('org.mpris.MediaPlayer2.b', ['org.mpris.MediaPlayer2.b'])")
    let elapsed = ContinuousClock.now - started
    #expect(try await bus.hubActive() == "b")
    print("  active player killed → NowPlayingChanged seen by gdbus monitor after \(elapsed)")
    await changes.stop()
    await bus.stop()
  }

  @Test func `a player that never answers and one that publishes nonsense neither stall nor fool the hub`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    // It owns an MPRIS name, answers no call (not even the hub's GetAll), and once the hub lists it,
    // announces nonsense: a PlaybackStatus that is a number, Metadata and Volume that are strings,
    // an unknown property.
    let python = try bus.start(
      "/usr/bin/python3",  // Debian's, with python3-dbus; the pyenv one on PATH lacks it
      [PythonProgram.path("mute_nonsense_player.py")])
    _ = try await python.line(within: .seconds(10)) { $0 == "sent" }
    // While mute's GetAll waits for an answer that never comes, a real player is served at once.
    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    #expect(try await bus.hubActive() == "a")
    #expect(try await bus.hubPlayers() == ["a", "mute"])
    #expect(python.exitStatus == nil)
    let log = try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
    #expect(log.contains("PlaybackStatus is not a string"), "the hub says why it ignored mute's status")
    await bus.stop()
  }

  @Test func `after the bus restarts, the hub serves again and sees the new players`() async throws {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    try await bus.restart()
    try await bus.waitForName(PrivateBus.hubName)
    try await bus.startBinaural("b")
    // binaural reconnects too: both are back, and the hub lists them again.
    try await eventually("the hub lists a and b", bus.hubPlayers, until: { Set($0) == ["a", "b"] })
    try await bus.tell("b", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    #expect(try await bus.hubActive() == "b")
    #expect(hub.exitStatus == nil)
    await bus.stop()
  }
}
