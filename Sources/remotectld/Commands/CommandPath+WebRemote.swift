import DBus
import WebRemote

extension CommandPath: PlayerCommands {
  // MARK: - The web remote's commands

  /// A press on the web remote's page, to the player it names: sent and recorded as every user's
  /// command is.
  func send(
    to player: BusName, path: ObjectPath, interface: String, member: String, arguments: [Value],
    timeout: Duration
  ) async throws(BusError) -> [Value] {
    try await send(
      UserCommand(path: path, interface: interface, member: member, arguments: arguments),
      to: .player(player),
      timeout: timeout)
  }
}
