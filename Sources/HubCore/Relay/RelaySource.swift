package import DBus
package import PlayerView

/// What a relayed player (``RelayedPlayer``) serves and forwards to: a player the session's tools
/// cannot see, such as an MPRIS player on the system bus or a Bluetooth device's
/// `org.bluez.MediaPlayer1`.
///
/// The relay reads everything from ``mirror`` (MPRIS's root and player properties, and the
/// position, extrapolated as the hub's view does) and sends every call and property write of
/// MPRIS's two interfaces (`org.mpris.MediaPlayer2`, `org.mpris.MediaPlayer2.Player`) here. The
/// source tells the relay what changed (``RelayedPlayer/changed(_:names:)``,
/// ``RelayedPlayer/seeked(to:)``).
package protocol RelaySource: Sendable {
  /// What the hub knows of the source now, as a mirror of an MPRIS player: MPRIS's root and player
  /// properties by ``InterfaceDescription/key``, and its position; `nil` while nothing is known
  /// (the relay then reads every property's fallback). Read on the hub's bus thread, so keep it
  /// quick.
  var mirror: PlayerMirror? { get }

  /// Sends the method `member` of `interface` (one of MPRIS's two) with `arguments` to the source,
  /// and calls `answered` with its reply or error, from any thread. A call that cannot reach the
  /// source fails with an error that says why (a ``RelayedPlayer`` answers its caller with it).
  func call(
    _ member: String, of interface: String, arguments: [Value],
    answered: @escaping @Sendable (Result<[Value], BusError>) -> Void)

  /// Writes `value` to the property `property` of `interface` (one of MPRIS's two) at the source,
  /// and calls `answered` once the source answered, from any thread.
  func write(
    _ property: String, of interface: String, _ value: Value,
    answered: @escaping @Sendable (Result<Void, BusError>) -> Void)
}
