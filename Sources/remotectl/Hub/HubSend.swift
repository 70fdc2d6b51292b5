internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// A verb's command sent through the Now Playing hub (`io.github.swift_remote_control.Hub1.Send`)
/// rather than straight to the player, so that it has every side effect a user's command has in
/// the hub, as a press from any other door does: activity for the Now Playing rule, and a play or
/// pause during a call that the call's end does not undo.
///
/// remotectl still chooses the player and checks its `Can*` properties first, as playerctl does;
/// the hub sends the call to that player (which, without `-p`, is the hub's Now Playing player)
/// and answers the player's reply or error. A player the hub does not follow (the proxy player,
/// playerctld, one its filter leaves out), or a hub gone meanwhile, gets the call from remotectl
/// itself, as without a hub. Property writes (`volume`, `loop`, `shuffle`) go the same way, as the
/// proxy's do.
struct HubSend: Sendable {
  /// The connection remotectl already has.
  let connection: Connection
  /// The hub's unique name, found by ``HubClient/owner()``: calling it never starts a hub.
  let owner: BusName

  /// `player` with its calls sent through the hub.
  func relaying(_ player: RemotePlayer) -> RemotePlayer {
    var relayed = player
    let busName = player.identity.busName
    relayed.relay = { [self] interface, member, arguments, timeout in
      await send(to: busName, interface: interface, member: member, arguments: arguments, timeout: timeout)
    }
    return relayed
  }

  /// `Send(busName, interface, member, arguments)`: the player's reply or error, or `nil` when
  /// the hub did not send it (it does not follow the player, or it is gone).
  func send(to busName: String, interface: String, member: String, arguments: [Value], timeout: Duration?)
    async -> Result<[Value], BusError>?
  {
    // A property write is a command (Set); reading one is not, and goes to the player.
    guard interface != RemotePlayer.propertiesInterface || member == "Set" else { return nil }
    do {
      let reply = try await connection.call(
        destination: owner, path: HubAddress.path, interface: Hub1.interface, member: Hub1.Method.send,
        arguments: [
          .string(busName), .string(interface), .string(member),
          .array(elementSignature: "v", arguments.map(Value.variant)),
        ],
        timeout: timeout)
      let values = reply.first?.arrayElements ?? []
      return .success(
        values.map { value in
          if case .variant(let inner) = value { inner } else { value }
        })
    } catch {
      switch error.name {
      case Hub1.ErrorName.unknownPlayer, .serviceUnknown, .nameHasNoOwner, .unknownMethod: return nil
      default: return .failure(error)
      }
    }
  }
}
