package import DBus
package import HubCore
import WebRemote

extension CommandPath: PlayerCommands {
  // MARK: - The web remote's commands

  /// A press on the web remote's page, to the player it names: sent and recorded as every user's
  /// command is, and answered on the hub's connection's thread.
  package func send(
    to player: BusName, path: ObjectPath, interface: String, member: String, arguments: [Value],
    timeout: Duration, answered: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    send(
      UserCommand(path: path, interface: interface, member: member, arguments: arguments),
      to: .player(player), timeout: timeout, answered: answered)
  }
}
