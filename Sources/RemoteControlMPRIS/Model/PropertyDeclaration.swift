package import DBus

/// One property as its interface's specification declares it: its name, its D-Bus type, whether
/// a controller may write it, whether every player must have it, and how its changes are
/// announced (`org.freedesktop.DBus.Property.EmitsChangedSignal`).
///
/// The one statement of the MPRIS 2.2 property tables (and of this package's extension
/// interface): each property name type (``PlayerProperty``, ``RootProperty``,
/// ``TrackListProperty``, ``PlaylistsProperty``, ``RemoteControlProperty``) declares its cases
/// here, and everything else derives from it: the player's own interfaces, what a forwarding
/// player serves, and what a conformance check expects of any player.
package struct PropertyDeclaration: Sendable, Hashable {
  /// The interface the property belongs to.
  package let interface: MediaPlayerInterface
  /// The name, such as `PlaybackStatus`.
  package let name: String
  /// The D-Bus type, such as `s`.
  package let signature: Signature
  /// Whether a controller may write it (`access="readwrite"`).
  package let isWritable: Bool
  /// Whether every player of the interface must have it; `false` for those the specification
  /// marks optional (`LoopStatus`, `Shuffle`, `Fullscreen`, `CanSetFullscreen`, `DesktopEntry`).
  package let isRequired: Bool
  /// How its changes are announced: `EmitsChangedSignal` is `true` (the default), `invalidates`,
  /// `const`, or `false` for those never in `PropertiesChanged` (`Position`, `CanControl`).
  package let change: Interface.Property.ChangeBehavior

  /// The declaration of `property`.
  package init<Property: MediaPlayerProperty>(
    _ property: Property, _ signature: Signature, writable: Bool = false, required: Bool = true,
    change: Interface.Property.ChangeBehavior = .emitsChange
  ) {
    self.interface = Property.interface
    self.name = property.rawValue
    self.signature = signature
    self.isWritable = writable
    self.isRequired = required
    self.change = change
  }

  /// Whether its changes may appear in `PropertiesChanged` (with the value, or invalidated).
  package var isAnnounced: Bool { change == .emitsChange || change == .invalidates }
}
