internal import RemoteControlMPRIS

/// The players on one bus, in the order playerctl takes them: playerctld's order of activity
/// when playerctld runs there, else by name.
struct PlayerList: Sendable {
  /// The players.
  var identities: [PlayerIdentity]
  /// Whether the order is playerctld's (`PlayerNames`, most recently active first) rather than
  /// alphabetical.
  var isPlayerctldOrder: Bool
}
