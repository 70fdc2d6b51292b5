/// The Now Playing hub's part in choosing the player a command goes to: without `-p`, the hub's
/// active player comes first when a hub runs; otherwise the order is remotectl's own.
enum HubChoice {
  /// `order` (selected instances, in remotectl's own order) with the hub's active player
  /// (`active`, its instance, `nil` when no hub answered) moved to the front, when `choice` names
  /// no players and the hub's choice is in `order`.
  static func order(_ order: [String], choice: PlayerChoice, active: String?) -> [String] {
    guard choice.players.isEmpty, order.count > 1, let active, order.contains(active) else { return order }
    return [active] + order.filter { $0 != active }
  }
}
