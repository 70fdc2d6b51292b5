internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// `remotectl play` and `play-pause` with no player: the Now Playing hub starts the last Now
/// Playing app and plays it (`io.github.swift_remote_control.Relaunch1.Play` on the hub's
/// well-known name, so that D-Bus activation starts an installed hub on this very key press).
enum HubRelaunch {
  /// How long the hub may take to start the app and have it play: its own limit is 10 s.
  static let timeout: Duration = .seconds(15)

  /// Asks the hub to play the last Now Playing app; whether it plays. `false` (nothing
  /// printed) when no hub runs or can be started, or it started nothing: its log says why.
  static func play(_ request: Request, on session: BusSession) async -> Bool {
    guard request.verb == .play || request.verb == .playPause, request.choice.players.isEmpty else {
      return false
    }
    do {
      _ = try await session.bus.connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: Relaunch1.interface,
        member: Relaunch1.Method.play,
        timeout: timeout)
      return true
    } catch {
      return false
    }
  }
}
