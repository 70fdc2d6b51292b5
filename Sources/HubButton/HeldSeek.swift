internal import DBus
internal import HubCore

/// A seek the headset button holds: through the extension interface of a player of ours (which
/// runs its own continuous seek), or as repeated MPRIS `Seek` calls to any other player.
enum HeldSeek: Sendable {
  /// The player `owner` runs the seek; its end is sent there.
  case extensionInterface(owner: BusName, forward: Bool)
  /// The hub sends `Seek` calls until `task` is cancelled or times out.
  case seekCalls(task: Task<Void, Never>, forward: Bool)

}
