/// What the audio session needs to know of a session player that is one of the hub's relays of
/// a player elsewhere (a system-bus player, such as shairport-sync's): the relay is served by the
/// hub's own process, so its streams are found by the process of the player it relays, and a
/// relay of an AirPlay receiver is *remote*: the phone that streams to it cannot be paused from
/// here, so the audio session silences its streams where it would pause it
/// (``SessionArbiter``'s rule 8).
struct RelayedPlayer: Sendable, Hashable {
  /// The process of the relayed player, as its own bus tells it (`GetConnectionUnixProcessID`
  /// there); `nil` while it is not known.
  var processID: Int32?
  /// Whether a sender elsewhere streams what it plays (AirPlay: shairport-sync).
  var isRemote: Bool
}
