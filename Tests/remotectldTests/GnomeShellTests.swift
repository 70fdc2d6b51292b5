import BusTestSupport
import Foundation
import Testing

/// GNOME Shell 43's own media controls, headless on the test's bus: the MPRIS client most Linux
/// users have. With the hub running it shows each player once.
@Suite(
  "GNOME Shell shows each player once", .serialized, .enabled(if: HubTools.canRun && GnomeShell.isInstalled),
  .leavesNoChildProcesses, .timeLimit(.minutes(6)))
struct GnomeShellTests {
  @Test func `the hub publishes no card of its own beside GNOME Shell's, and one with --proxy on`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in try await check(shell) }
  }

  private func check(_ shell: GnomeShell) async throws {
    let bus = shell.bus
    try await bus.startBinaural("binaural")
    try await bus.startMpv()
    let hub = try await bus.startHub(["--no-http"])
    try await eventually("the hub says GNOME Shell shows every player") {
      try await bus.run(
        "busctl", "--address", bus.address, "get-property", PrivateBus.hubName, PrivateBus.mprisPath,
        PrivateBus.hubInterface, "ProxyReason"
      ).output.contains("GNOME Shell")
    }
    let expected = ["org.mpris.MediaPlayer2.binaural", "org.mpris.MediaPlayer2.mpv"]
    try await eventually("GNOME Shell shows binaural and mpv once each", within: .seconds(30)) {
      try await shell.mediaPlayers() == expected
    }
    // It stays so: the hub's names would have appeared by the time the hub said why not.
    #expect(try await shell.mediaPlayers() == expected)
    #expect(try await shell.messageCount() == 2)

    // What users saw before: the hub's proxy (and playerctld's name) as cards of their own.
    _ = await hub.terminate()
    try await eventually("the first hub is gone") {
      try await bus.run("busctl", "--address", bus.address, "status", PrivateBus.hubName).status != 0
    }
    try await bus.startHub(["--no-http", "--proxy", "on"], waitingForName: false)
    try await eventually("GNOME Shell shows the proxy too", within: .seconds(30)) {
      try await shell.mediaPlayers().contains("org.mpris.MediaPlayer2.remotectld")
    }
  }
}
