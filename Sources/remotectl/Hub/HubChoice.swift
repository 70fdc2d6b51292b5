internal import DBus

/// The Now Playing hub's part in choosing the player a command goes to: without `-p`, the hub's
/// active player comes first when a hub runs; otherwise the order is remotectl's own.
enum HubChoice {
  /// `order` (selected instances, in remotectl's own order) with the active player of the hub
  /// at `hub` moved to the front, when `choice` names no players, a hub runs (`hub`, its unique
  /// name) and its choice is in `order`.
  static func order(_ order: [String], choice: PlayerChoice, session: BusSession, hub: BusName?) async
    -> [String]
  {
    guard choice.players.isEmpty, order.count > 1,
      let active = await HubClient(session: session).activePlayer(at: hub), order.contains(active)
    else { return order }
    return [active] + order.filter { $0 != active }
  }
}
