package import DBus
package import PlayerView
import RemoteControlMPRIS

/// A change of the Now Playing player, computed once on the view's connection thread; every
/// outlet then announces what its own controllers have not seen of it.
package enum NowPlayingChange: Sendable {
  /// The announced properties of one interface, in its declaration's order, as they are now.
  package struct Values: Sendable {
    package var interface: InterfaceDescription
    package var properties: [(name: String, value: Value)]
  }

  /// Another player is Now Playing (or none is): the values of each interface it has (MPRIS's two
  /// and its extras), then its position, for `Seeked`.
  case switched([Values], position: Int64)
  /// Properties of one interface changed; `position` after the player interface was read again
  /// (all of it), for `Seeked`, since a read may follow a jump that was not announced.
  case changed(Values, position: Int64?)
  /// The active player's position jumped (MPRIS `Seeked`), to the microseconds given.
  case seeked(Int64)
  /// The active player sent the signal `member` of the extra interface `interface` at `path`.
  case signal(String, of: String, at: ObjectPath, [Value])
}
