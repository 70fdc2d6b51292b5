import BusTestSupport
import Testing

/// With playerctld not running, the hub answers its interface under its name, so playerctl's own
/// ordering (and `playerctld shift`) follows the hub's choice.
@Suite(
  "playerctl follows the hub's order", .serialized, .enabled(if: HubTools.playerctlCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct PlayerctlCompatibilityTests {
  @Test func `playerctl lists and drives players in the hub's order`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.waitForName(PrivateBus.playerctldName)
    try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await eventually("the hub lists a and b", bus.hubPlayers, until: { $0 == ["a", "b"] })
    // Alphabetical order would put a first: playerctl's own order without playerctld.
    let changes = try SignalMonitor(on: bus, sender: PrivateBus.hubName)
    try await changes.ready()
    try await bus.tell("b", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await changes.wait(
      for:
        "NowPlayingChanged ('org.mpris.MediaPlayer2.b', ['org.mpris.MediaPlayer2.b', 'org.mpris.MediaPlayer2.a'])"
    )
    #expect(try await bus.run("playerctl", "-l").output == "b\na\n")
    #expect(
      try await bus.run("playerctl", "metadata", "--format", "{{playerName}} {{status}}").output
        == "b Playing\n")

    let shifted = try await bus.run("playerctld", "shift")
    #expect(shifted.status == 0, "\(shifted)")
    try await changes.wait(for: "NowPlayingChanged ('org.mpris.MediaPlayer2.a'")
    #expect(try await bus.run("playerctl", "-l").output == "a\nb\n")
    // play-pause reaches the hub's choice: a, although b plays.
    #expect(try await bus.run("playerctl", "play-pause").status == 0)
    try await eventually(
      "a plays", { try await bus.run("playerctl", "-p", "a", "status").output }, until: { $0 == "Playing\n" })
    #expect(try await bus.run("playerctl", "-p", "b", "status").output == "Playing\n")

    let unshifted = try await bus.run("playerctld", "unshift")
    #expect(unshifted.status == 0, "\(unshifted)")
    try await changes.wait(for: "NowPlayingChanged ('org.mpris.MediaPlayer2.b'")
    #expect(try await bus.playerctldNames() == ["b", "a"])
    await changes.stop()
    await bus.stop()
  }

  @Test func `the hub waits for playerctld's name while playerctld runs, and takes it when it stops`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let playerctld = try await bus.startPlayerctld()
    try await bus.startHub()
    // The hub owns its own name first, then publishes the proxy player's.
    try await bus.waitForName(PrivateBus.proxyName)
    let owner = {
      try await bus.gdbusCall(
        "org.freedesktop.DBus", "org.freedesktop.DBus.GetNameOwner", [PrivateBus.playerctldName],
        path: "/org/freedesktop/DBus")
    }
    // The hub answers for playerctld on the proxy player's connection.
    let hubOwner = try await bus.gdbusCall(
      "org.freedesktop.DBus", "org.freedesktop.DBus.GetNameOwner", [PrivateBus.proxyName],
      path: "/org/freedesktop/DBus")
    // Checked before any player appears: playerctld 2.4.1 sometimes aborts while it reads a
    // player's TrackList or Playlists (playerctl#268, #361), and the hub then takes its name.
    #expect(try await owner() != hubOwner, "playerctld keeps its name while it runs")
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    await playerctld.terminate()
    try await eventually("the hub owns playerctld's name", owner, until: { $0 == hubOwner })
    #expect(try await bus.playerctldNames() == ["a"])
    await bus.stop()
  }

  @Test func `with --no-playerctld the hub leaves playerctld's name alone`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-playerctld"])
    // playerctld's name would have been asked for by the time the hub says the proxy is out.
    try await eventually("the hub publishes its proxy player") {
      try await bus.read(PrivateBus.hubName, "ProxyPublished", interface: PrivateBus.hubInterface) == "b true"
    }
    let listed = try await bus.gdbusCall(
      "org.freedesktop.DBus", "org.freedesktop.DBus.ListNames", path: "/org/freedesktop/DBus")
    #expect(!listed.contains(PrivateBus.playerctldName))
    await bus.stop()
  }
}
