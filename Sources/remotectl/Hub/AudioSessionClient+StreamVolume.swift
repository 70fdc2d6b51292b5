internal import DBus
internal import HubAPI

extension AudioSessionClient {
  // MARK: - A player's own volume, through its sound-server streams

  /// `StreamVolume(player)`: the level of the player's own streams, a fraction of the sound
  /// server's 100 % (what `pactl` shows as a percent).
  func streamVolume(of busName: String) async throws(ControlError) -> Double {
    try await call(AudioSession1.Method.streamVolume, [.string(busName)])
  }

  /// `SetStreamVolume(player, level)`: sets the player's own streams to `level`; the level set.
  func setStreamVolume(_ level: Double, of busName: String) async throws(ControlError) -> Double {
    try await call(AudioSession1.Method.setStreamVolume, [.string(busName), .double(level)])
  }

  private func call(_ member: String, _ arguments: [Value]) async throws(ControlError) -> Double {
    let reply: [Value]
    do {
      reply = try await connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: AudioSession1.interface,
        member: member,
        arguments: arguments, timeout: .seconds(10))
    } catch {
      switch error.name.rawValue {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        throw ControlError(
          "A player's own sound streams are reached through the Now Playing hub. "
            + HubClient.notRunning.message)
      case "org.freedesktop.DBus.Error.UnknownMethod":
        throw ControlError(
          "The Now Playing hub that runs cannot reach a player's sound streams (it is older than remotectl): "
            + "restart it")
      default:
        // The hub's own errors say why: no stream of its own, and why; no such player; the
        // sound server's refusal.
        throw ControlError("Could not execute command: \(error.message)")
      }
    }
    guard let level = reply.first?.doubleValue else {
      throw ControlError("The Now Playing hub answered \(member) without a level")
    }
    return level
  }
}
