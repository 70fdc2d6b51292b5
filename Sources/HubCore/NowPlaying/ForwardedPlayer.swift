package import DBus
package import Logging
package import PlayerView

/// What an ``Outlet`` serves and forwards to: the Now Playing player (``NowPlayingPlayer``), or
/// the source of one of the hub's relays (``RelayedPlayer``). The outlet is the one forwarding
/// player: it exports the interfaces, answers reads from ``forwardedMirror``, hands every method
/// call and property write of an interface it serves to `forward(_:of:)`, and
/// announces what its controllers have not seen; what it forwards to says only where the values
/// come from and where the calls go.
package protocol ForwardedPlayer: Sendable {
  /// Where the outlet says what went wrong.
  var logger: Logger { get }

  /// The mirror of the player forwarded to now, whose values the outlet serves; `nil` while there
  /// is none (every property then reads its declared fallback). Read on any thread: keep it quick.
  var forwardedMirror: PlayerMirror? { get }

  /// The player's interfaces beyond MPRIS's two, by ``InterfaceDescription/key``: what an outlet
  /// that serves extras exports. None by default.
  var forwardedExtras: [String: InterfaceDescription] { get }

  /// What `property` of `interface` reads in `mirror` at `instant`: by default its value when it
  /// has the declared type, the fallback otherwise, `Position` extrapolated
  /// (``NowPlayingState/value(of:in:of:at:)``).
  func value(
    of property: InterfaceDescription.Property, in interface: InterfaceDescription, of mirror: PlayerMirror?,
    at instant: ContinuousClock.Instant
  ) -> Value

  /// Sends `call`, made at an outlet on `interface`, on to the player, and answers it with the
  /// player's reply or error (a call sent with no reply expected is sent all the same).
  func forward(_ call: MethodCall, of interface: InterfaceDescription)

  /// Sends `write`, made at an outlet on `interface`, on to the player, and answers it once the
  /// player answered.
  func forward(_ write: PropertyWrite, of interface: InterfaceDescription)

  /// `outlet` is closed: it is told no more changes. Nothing to do by default.
  func remove(_ outlet: Outlet)

  /// Stops a debug build unless the caller runs where the changes an outlet announces are taken
  /// (``Outlet/take(_:)``).
  func assertOnChangeThread()
}

extension ForwardedPlayer {
  package var forwardedExtras: [String: InterfaceDescription] { [:] }

  package func value(
    of property: InterfaceDescription.Property, in interface: InterfaceDescription, of mirror: PlayerMirror?,
    at instant: ContinuousClock.Instant
  ) -> Value {
    NowPlayingState.value(of: property, in: interface.key, of: mirror, at: instant)
  }

  package func remove(_ outlet: Outlet) {}
}
