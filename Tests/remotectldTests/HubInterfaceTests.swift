import BusTestSupport
import HubAPI
import Testing

/// The hub's own interface, driven with gdbus and busctl.
@Suite(
  "The hub's interface", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct HubInterfaceTests {
  @Test func `Select pins a player; NowPlayingChanged says so with the new order`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(listing: ["a", "b"])
    let changes = try SignalMonitor(on: bus, sender: PrivateBus.hubName)
    try await changes.ready()
    try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Select", ["b"])
    try await changes.wait(
      for:
        "NowPlayingChanged ('org.mpris.MediaPlayer2.b', ['org.mpris.MediaPlayer2.b', 'org.mpris.MediaPlayer2.a'])"
    )
    #expect(try await bus.hubActive() == "b")
    // A player that merely plays on does not end the pin; one that starts playing does.
    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await changes.wait(for: "NowPlayingChanged ('org.mpris.MediaPlayer2.a'")
    #expect(try await bus.hubActive() == "a")
    await changes.stop()
    await bus.stop()
  }

  @Test func `busctl introspects the interface and reads Players and ActivePlayer`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    let introspection = try await bus.run(
      "busctl", "--address", bus.address, "introspect", PrivateBus.hubName, PrivateBus.mprisPath,
      PrivateBus.hubInterface)
    for member in [".ActivePlayer", ".Players", ".Select", ".Shift", ".Unshift", ".NowPlayingChanged"] {
      #expect(introspection.output.contains(member), "\(member) in \(introspection.output)")
    }
    let active = try await bus.run(
      "busctl", "--address", bus.address, "get-property", PrivateBus.hubName, PrivateBus.mprisPath,
      PrivateBus.hubInterface, "ActivePlayer")
    #expect(active.output == "s \"org.mpris.MediaPlayer2.a\"\n")
    await bus.stop()
  }

  @Test func `Select of an unknown player, and Shift with no player, say what is wrong`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    let shift = try await bus.gdbusCallResult(PrivateBus.hubName, "\(PrivateBus.hubInterface).Shift")
    #expect(shift.status != 0)
    #expect(shift.error.contains("\(Hub1.ErrorName.noPlayer)"), "\(shift.error)")
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    let select = try await bus.gdbusCallResult(
      PrivateBus.hubName, "\(PrivateBus.hubInterface).Select", ["nosuch"])
    #expect(select.status != 0)
    #expect(
      select.error.contains("\(Hub1.ErrorName.unknownPlayer)"), "\(select.error)")
    #expect(
      select.error.contains("no player \"nosuch\"; the players are: org.mpris.MediaPlayer2.a"),
      "\(select.error)")
    let playerctldShift = try await bus.gdbusCallResult(
      PrivateBus.playerctldName, "\(Playerctld.interface).\(Playerctld.Method.shift)")
    #expect(playerctldShift.status == 0)
    await bus.stop()
  }

  @Test func `ignored players, other proxies and a second name of one connection are left out`() async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--ignore-player", "b"])
    // One connection with two MPRIS names, and a KDE Connect proxy name: python3-dbus holds them.
    let python = try bus.start(
      "/usr/bin/python3",  // Debian's, with python3-dbus; the pyenv one on PATH lacks it
      [PythonProgram.path("two_names_and_kde_connect.py")])
    _ = try await python.line(within: .seconds(10)) { $0 == "ready" }
    try await bus.startBinaural("b")
    try await bus.startBinaural("a")
    try await eventually("the hub lists dup and a", bus.hubPlayers, until: { $0 == ["dup", "a"] })
    await bus.stop()
  }
}
