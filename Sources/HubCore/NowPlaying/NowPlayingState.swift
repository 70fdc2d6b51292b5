package import DBus
package import PlayerView
import RemoteControlMPRIS

/// The Now Playing player's state, kept under one lock: which player is active, and the
/// interfaces beyond MPRIS's two that it forwards for it.
package struct NowPlayingState: Sendable {
  /// The active player's unique name, or `nil` when there is none.
  package var active: BusName?
  /// The active player's interfaces beyond MPRIS's two, as the view last read them, by
  /// ``InterfaceDescription/key``: what an outlet that serves extras exports.
  package var extras: [String: InterfaceDescription] = [:]

  /// The interfaces forwarded now: MPRIS's two and the active player's extras.
  package var forwarded: [InterfaceDescription] {
    [.root, .player] + extras.values.sorted { $0.key < $1.key }
  }

  /// The forwarded interface whose ``InterfaceDescription/key`` is `key`, `nil` when none is: one
  /// of ``forwarded`` without building and sorting the list, for every change the view announces.
  package func forwarded(key: String) -> InterfaceDescription? {
    switch key {
    case MediaPlayerInterface.root.rawValue: .root
    case MediaPlayerInterface.player.rawValue: .player
    default: extras[key]
    }
  }

  /// The extra interfaces of the player whose mirror is `mirror`, by key.
  package static func extras(of mirror: PlayerMirror?) -> [String: InterfaceDescription] {
    Dictionary(
      (mirror?.interfaces ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What `property` of `interface` (a ``InterfaceDescription/key``) reads now in `mirror` (the
  /// active player's): its value when it has the declared type, the fallback otherwise;
  /// `Position` is extrapolated.
  package static func value(
    of property: InterfaceDescription.Property, in interface: String, of mirror: PlayerMirror?,
    at instant: ContinuousClock.Instant
  ) -> Value {
    guard let mirror else { return property.fallback }
    if interface == MediaPlayerInterface.player.rawValue, property.name == PlayerProperty.position.rawValue {
      return .int64(mirror.positionMicroseconds(at: instant))
    }
    guard let value = mirror.properties[interface]?[property.name], value.signature == property.signature
    else {
      return property.fallback
    }
    return value
  }

  /// The announced properties of `interface` (among `names`, or all of them) as `mirror` holds
  /// them at `instant`, each read by `read` (``value(of:in:of:at:)`` unless a forwarded player
  /// reads otherwise): what every outlet compares with what its controllers last saw.
  static func announcedValues(
    of interface: InterfaceDescription, in mirror: PlayerMirror?, among names: Set<String>? = nil,
    at instant: ContinuousClock.Instant,
    read: ((InterfaceDescription.Property) -> Value)? = nil
  ) -> NowPlayingChange.Values {
    NowPlayingChange.Values(
      interface: interface,
      properties: interface.properties.filter { $0.isAnnounced && names?.contains($0.name) != false }.map {
        ($0.name, read?($0) ?? value(of: $0, in: interface.key, of: mirror, at: instant))
      })
  }
}
