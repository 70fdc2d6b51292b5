import DBus
import PlayerView
import RemoteControlMPRIS

/// The proxy player's state, kept under one lock: which player is active, the extra interfaces
/// exported for it, and what controllers were last told.
struct ProxyState: Sendable {
  /// The active player's unique name, or `nil` when there is none.
  var active: BusName?
  /// Whether the proxy holds its bus names now: it announces nothing while it holds none.
  var isPublished = false
  /// The interfaces beyond MPRIS's two exported now, for the active player, by
  /// ``InterfaceDescription/key``.
  var exportedExtras: [String: InterfaceDescription] = [:]
  /// The value of every announced property as controllers last saw it, by interface key then name:
  /// an announcement carries exactly the properties whose value differs from it.
  var published: [String: [String: Value]] = [:]

  /// The interfaces forwarded now: MPRIS's two and the active player's extras.
  var forwarded: [InterfaceDescription] {
    [.root, .player] + exportedExtras.values.sorted { $0.key < $1.key }
  }

  /// The forwarded interface whose ``InterfaceDescription/key`` is `key`, `nil` when none is: one
  /// of ``forwarded`` without building and sorting the list, for every change the view announces.
  func forwarded(key: String) -> InterfaceDescription? {
    switch key {
    case MediaPlayerInterface.root.rawValue: .root
    case MediaPlayerInterface.player.rawValue: .player
    default: exportedExtras[key]
    }
  }

  /// What `property` of `interface` (a ``InterfaceDescription/key``) reads now in `mirror` (the
  /// active player's): its value when it has the declared type, the fallback otherwise;
  /// `Position` is extrapolated.
  static func value(
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

  // MARK: - What controllers are told

  /// Takes in a switch to the player whose mirror is `mirror` (``active`` is already it): one
  /// PropertiesChanged per interface with every value that differs from what controllers saw,
  /// then Seeked with the new position; nothing while the proxy is not published.
  mutating func switched(to mirror: PlayerMirror?, at instant: ContinuousClock.Instant) -> [ProxySignal] {
    let extras = Dictionary(
      (mirror?.interfaces ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var signals: [ProxySignal] = []
    for interface in forwarded
    where interface == .root || interface == .player || extras[interface.key] == interface {
      signals += announcement(of: changes(in: interface, of: mirror, at: instant), of: interface)
    }
    if isPublished { signals.append(.seeked(mirror?.positionMicroseconds(at: instant) ?? 0)) }
    return signals
  }

  /// Takes in a change of the active player's `interface` (among `names`, or all of it when it
  /// was read again): its PropertiesChanged, and after a read of the player interface a Seeked
  /// with the position read; nothing while the proxy is not published.
  mutating func changed(
    _ interface: InterfaceDescription, of mirror: PlayerMirror?, among names: Set<String>?,
    at instant: ContinuousClock.Instant
  ) -> [ProxySignal] {
    var signals = announcement(
      of: changes(in: interface, of: mirror, among: names, at: instant), of: interface)
    if names == nil, interface.key == MediaPlayerInterface.player.rawValue, isPublished {
      signals.append(.seeked(mirror?.positionMicroseconds(at: instant) ?? 0))
    }
    return signals
  }

  /// PropertiesChanged of `names` of `interface`, unless the proxy is not published, nothing
  /// changed, or the interface's changes are never announced
  /// (``InterfaceDescription/announcesChanges``).
  private func announcement(of names: [String], of interface: InterfaceDescription) -> [ProxySignal] {
    guard isPublished, !names.isEmpty, interface.announcesChanges else { return [] }
    return [.propertiesChanged(names, of: interface)]
  }

  /// The announced properties of `interface` (among `names`, or all) whose value in `mirror`
  /// differs from what controllers last saw, which they are now taken to have seen.
  mutating func changes(
    in interface: InterfaceDescription, of mirror: PlayerMirror?, among names: Set<String>? = nil,
    at instant: ContinuousClock.Instant
  ) -> [String] {
    var changed: [String] = []
    for property in interface.properties where property.isAnnounced && names?.contains(property.name) != false
    {
      let now = Self.value(of: property, in: interface.key, of: mirror, at: instant)
      let seen = published[interface.key]?[property.name] ?? property.fallback
      guard now != seen else { continue }
      published[interface.key, default: [:]][property.name] = now
      changed.append(property.name)
    }
    return changed
  }
}
