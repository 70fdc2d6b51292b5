extension Arbiter {
  /// Something that happened on the bus, or a user's request, that the rule takes into account.
  ///
  /// Players are told apart by the unique name of their connection (`owner`, such as `:1.42`),
  /// as their signals are: every MPRIS player uses the same object path.
  package enum Event: Sendable, Hashable {
    /// Where a value came from.
    package enum Source: Sendable, Hashable {
      /// Read with a call (`Get`, `GetAll`) when the player appeared. A value read is ignored
      /// once one was announced, since the announcement may be newer than the reply.
      case read
      /// Announced by the player in a signal (`PropertiesChanged`).
      case announced
    }

    /// `owner` now owns `busName` (`org.freedesktop.DBus.NameOwnerChanged` with a new owner, or
    /// a name listed at startup).
    case nameAppeared(busName: String, owner: String)
    /// `owner` no longer owns `busName` (`NameOwnerChanged` with an old owner).
    case nameVanished(busName: String, owner: String)
    /// The player's MPRIS `PlaybackStatus` is, or is not, `Playing`. Turning to `Playing`
    /// counts as starting to play; turning to `Paused` or `Stopped` is not activity.
    case playbackStatusChanged(owner: String, isPlaying: Bool, source: Source)
    /// The player's MPRIS `Metadata` names `track` (an identity such as its `mpris:trackid`;
    /// `nil` for no track). Only a different track counts as a track change: the first one known
    /// and metadata that names the same track again do not.
    case trackChanged(owner: String, track: String?, source: Source)
    /// The player announced a jump in position (MPRIS `Seeked`).
    case seeked(owner: String)
    /// The hub sent the player a command on a controller's behalf.
    case commandSent(owner: String)
    /// Other properties changed (Position, Volume, `Can*`…): never activity.
    case otherPropertiesChanged(owner: String, names: [String])
    /// The player is, or is no longer, a browser's echo of a lock screen page (see
    /// ``EchoRule``): an echo is no candidate. One that stops being an echo while it plays has
    /// started playing.
    case echoChanged(owner: String, isEcho: Bool)
    /// The player may, or may no longer, be Now Playing; one that may not is still a candidate,
    /// listed (after those that may) and reachable by name, but never active, pinned or shifted
    /// to: a Bluetooth device's own player that makes no sound on this computer. One that
    /// becomes eligible while it plays has started playing. Every player is eligible unless told
    /// otherwise, and may be told before its name appears.
    case eligibilityChanged(owner: String, isEligible: Bool)
    /// From now on a player becomes a candidate only once its `PlaybackStatus` is known (`true`),
    /// or as soon as it appears (`false`, the default): see ``Arbiter/holdsUnreadPlayers``.
    case holdUnreadPlayers(Bool)
    /// Pin the player after the active one in activity order; the one it leaves goes to the back
    /// (playerctld's `Shift`).
    case shift
    /// Pin the last player in activity order, undoing a shift (playerctld's `Unshift`).
    case unshift
    /// Pin the player named by a bus name, a player name or a unique name; an unknown name
    /// changes nothing.
    case select(String)
  }
}
