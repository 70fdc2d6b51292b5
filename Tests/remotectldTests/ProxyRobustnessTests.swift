import BusTestSupport
import Foundation
import Testing

/// A player that answers with the wrong types is proxied as far as it can be: what has the
/// type MPRIS gives passes, the rest reads empty, and the proxy keeps answering.
@Suite(
  "The proxy player and a player's nonsense", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ProxyRobustnessTests {
  @Test func `an active player with wrongly typed properties is proxied with empty values for those`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    // It plays, so it becomes active; Metadata is a string, Volume a string, Rate an int, and
    // it has a property MPRIS does not know. Introspect fails.
    let python = try bus.start(
      "/usr/bin/python3",  // Debian's, with python3-dbus and python3-gi
      [PythonProgram.path("wrongly_typed_player.py")])
    try await bus.waitForName("org.mpris.MediaPlayer2.nonsense")
    try await eventually(
      "the proxy follows nonsense", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Playing\"" })
    #expect(
      try await bus.read(PrivateBus.proxyName, "Identity", interface: "org.mpris.MediaPlayer2")
        == "s \"Nonsense\"")
    #expect(
      try await bus.read(PrivateBus.proxyName, "CanQuit", interface: "org.mpris.MediaPlayer2") == "b false")
    #expect(try await bus.read(PrivateBus.proxyName, "Metadata") == "a{sv} 0")
    #expect(try await bus.read(PrivateBus.proxyName, "Volume") == "d 1")
    #expect(try await bus.read(PrivateBus.proxyName, "Rate") == "d 1")
    #expect(try await bus.read(PrivateBus.proxyName, "CanPlay") == "b true")
    let all = try await bus.gdbusCall(
      PrivateBus.proxyName, "org.freedesktop.DBus.Properties.GetAll", [PrivateBus.playerInterface])
    #expect(all.contains("'PlaybackStatus': <'Playing'>") && !all.contains("Unheard"), "\(all)")
    #expect(python.exitStatus == nil)
    await bus.stop()
  }
}
