import BusTestSupport
import Testing

/// What the hub counts as activity, read from real players' signals: a seek and a track change
/// are; a volume change is not.
@Suite(
  "The hub's history, from real players", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct HistoryTests {
  @Test func `when the active player goes, the latest track change, then the latest seek, follows`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    let a = try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await bus.startBinaural("c")
    let d = try await bus.startBinaural("d")
    try await eventually("the hub lists a, b, c, d", bus.hubPlayers, until: { $0 == ["a", "b", "c", "d"] })

    try await bus.tell(
      "c", "org.mpris.MediaPlayer2.Player.Seek", arguments: ["1000000"], announcing: "Seeked")
    try await bus.set("b", "Volume", "<0.5>", announcing: "'Volume': <0.5>")
    try await bus.tell("d", "org.mpris.MediaPlayer2.Player.Next", announcing: "'Metadata'")
    #expect(try await bus.hubPlayers() == ["a", "d", "c", "b"])

    await a.terminate()
    try await eventually("the hub drops a", bus.hubPlayers, until: { !$0.contains("a") })
    #expect(try await bus.hubActive() == "d", "d changed track last")
    await d.terminate()
    try await eventually("the hub drops d", bus.hubPlayers, until: { !$0.contains("d") })
    #expect(try await bus.hubActive() == "c", "c seeked; b only changed its volume")
    await bus.stop()
  }

  @Test func `NowPlayingChanged comes once for each change, in order, with the whole new state`() async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(listing: ["a", "b"])
    let changes = try SignalMonitor(on: bus, sender: PrivateBus.hubName)
    try await changes.ready()
    try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Select", ["b"])
    // Selecting the active player again changes nothing, so it announces nothing.
    try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Select", ["b"])
    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Shift")
    // A fence: a last change, whose announcement follows any one too many before it.
    try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Select", ["a"])
    // The hub answers a call before its signals leave: wait for the fence's announcement.
    let announced = try await eventually(
      "four NowPlayingChanged",
      {
        changes.process.standardOutput.split(separator: "\n").filter { $0.contains("NowPlayingChanged") }
          .map { String($0.drop { $0 != "(" }) }
      }, until: { $0.count >= 4 })
    #expect(
      announced == [
        "('org.mpris.MediaPlayer2.b', ['org.mpris.MediaPlayer2.b', 'org.mpris.MediaPlayer2.a'])",
        "('org.mpris.MediaPlayer2.a', ['org.mpris.MediaPlayer2.a', 'org.mpris.MediaPlayer2.b'])",
        "('org.mpris.MediaPlayer2.b', ['org.mpris.MediaPlayer2.b', 'org.mpris.MediaPlayer2.a'])",
        "('org.mpris.MediaPlayer2.a', ['org.mpris.MediaPlayer2.a', 'org.mpris.MediaPlayer2.b'])",
      ])
    await changes.stop()
    await bus.stop()
  }
}
