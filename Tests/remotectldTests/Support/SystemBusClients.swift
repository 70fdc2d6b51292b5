import BusTestSupport
import Foundation

/// Programs a test runs on a system bus of its own: a real player run as a system service would
/// run it (binaural, as mopidy or spotifyd), and playerctl reading and driving it there.
enum SystemBusClients {
  /// Starts `binaural --output null --headless --name NAME --preset PRESET` on `system` (it
  /// starts paused); it stops with `session`, whose cache folder it writes its artwork to.
  /// Returns at once: wait for `org.mpris.MediaPlayer2.NAME` on `system`.
  @discardableResult
  static func startBinaural(
    _ name: String, preset: String = "gamma-40hz", on system: any ReachableBus, session: PrivateBus
  ) throws -> ChildProcess {
    try session.start(
      HubTools.binaural,
      [
        "--output", "null", "--headless", "--name", name, "--preset", preset, "--bus-address", system.address,
      ],
      standardError: .file(session.directory.appendingPathComponent("\(name)-system.log").path))
  }

  /// `playerctl -p PLAYER ARGUMENTS…` on `system`, its output trimmed.
  static func playerctl(_ system: any ReachableBus, _ player: String, _ arguments: String...) async throws
    -> String
  {
    try await ChildProcess.run(
      "playerctl", ["-p", player] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": system.address]
    ).trimmed
  }

  /// Waits until `player` on `system` says `status` (`Playing`, `Paused`).
  static func waitForStatus(_ status: String, of player: String, on system: any ReachableBus) async throws {
    try await eventually("\(player) on the system bus to say \(status)") {
      try await playerctl(system, player, "status") == status
    }
  }
}
