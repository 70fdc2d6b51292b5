import BusTestSupport
import Foundation
import Testing

/// The players a phone link publishes for a phone's players, under the names the links' own
/// sources give them (KDE Connect's mprisremote plugin, GSConnect's and Valent's mpris plugins):
/// a phone remote that says "Playing" is playing on the phone, so it is never the hub's Now
/// Playing and never takes a press meant for it, and it is still reached by name. Python players
/// (``PythonPlayers/holdingStill``) take the links' names, since no phone is here; the hub,
/// the bus, busctl, playerctl and remotectl are the real ones.
@Suite(
  "Phone remotes: KDE Connect's, GSConnect's and Valent's", .serialized,
  .enabled(if: HubTools.canRun && .playerctl), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct PhoneRemoteTests {
  /// A phone remote of each link, as its sources name it.
  static let remotes = ["kdeconnect.mpris_000001", "GSConnect.PixelSpotify", "Valent.Player0"]

  @Test func `a phone remote playing on the phone never takes the proxy's PlayPause from a paused local app`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.stoppingWithHubLog {
      try await bus.startHub(["--proxy", "on", "--no-http", "--no-bridge"])
      let local = try await startPlayers(on: bus, ["music:Playing"])
      try await eventually("the hub to make music Now Playing", bus.hubActive, until: { $0 == "music" })
      try await bus.gdbusCall("org.mpris.MediaPlayer2.music", "org.mpris.MediaPlayer2.Player.Pause")
      _ = try await local.line(within: .seconds(15)) { $0 == "music Pause" }

      let phone = try await startPlayers(on: bus, Self.remotes.map { $0 + ":Playing" })
      // A player that appears after them: once the hub lists it, it has seen the remotes appear.
      let later = try await startPlayers(on: bus, ["later:Paused"])
      try await eventually("the hub to list later", bus.hubPlayers, until: { $0.contains("later") })
      #expect(try await bus.hubPlayers() == ["music", "later"])
      #expect(try await bus.hubActive() == "music")

      // A key through the proxy reaches music, the paused Now Playing app, and no phone.
      let press = try await bus.run(
        "busctl", "--address", bus.address, "call", PrivateBus.proxyName, PrivateBus.mprisPath,
        PrivateBus.playerInterface, "PlayPause")
      #expect(press.status == 0, "\(press.error)")
      _ = try await local.line(within: .seconds(15)) { $0 == "music PlayPause" }

      // Each remote is still reached by name: remotectl -p (the hub does not follow it, so
      // remotectl calls it itself) and playerctl -p.
      for remote in Self.remotes {
        let remotectl = try await bus.run(HubTools.remotectl, ["-p", remote, "next"])
        #expect(remotectl.status == 0, "remotectl -p \(remote): \(remotectl.error) \(remotectl.output)")
        _ = try await phone.line(within: .seconds(15)) { $0 == "\(remote) Next" }
        let playerctl = try await bus.run("playerctl", ["-p", remote, "play-pause"])
        #expect(playerctl.status == 0, "playerctl -p \(remote): \(playerctl.error)")
        _ = try await phone.line(within: .seconds(15)) { $0 == "\(remote) PlayPause" }
      }
      // The proxy's press went to no phone: each remote heard only what was sent to it by name.
      for remote in Self.remotes {
        let heard = phone.standardOutput.split(separator: "\n").filter { $0.hasPrefix(remote + " ") }
        #expect(heard == ["\(remote) Next", "\(remote) PlayPause"], "\(phone.standardOutput)")
      }
      #expect(!later.standardOutput.contains("PlayPause"), "\(later.standardOutput)")
    }
  }

  /// Players that hold still (`NAME:STATUS`), ready on the bus.
  func startPlayers(on bus: PrivateBus, _ players: [String]) async throws -> ChildProcess {
    let program = try bus.start(
      PythonPlayers.python, [PythonPlayers.holdingStill] + players, environment: PythonPlayers.environment)
    _ = try await program.line(within: .seconds(10)) { $0 == "ready" }
    return program
  }
}
