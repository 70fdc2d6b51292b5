import DBus

/// The proxy player's state, kept under one lock: a mirror of every candidate player, which one
/// is active, the extra interfaces exported for it, and what controllers were last told.
struct ProxyState: Sendable {
  /// Every candidate player, by unique name.
  var mirrors: [BusName: PlayerMirror] = [:]
  /// The active player's unique name, or `nil` when there is none.
  var active: BusName?
  /// The interfaces beyond MPRIS's two exported now, for the active player, by
  /// ``ForwardedInterface/key``.
  var exportedExtras: [String: ForwardedInterface] = [:]
  /// The value of every announced property as controllers last saw it, by interface key then name:
  /// an announcement carries exactly the properties whose value differs from it.
  var published: [String: [String: Value]] = [:]

  /// The active player's mirror.
  var activeMirror: PlayerMirror? { active.flatMap { mirrors[$0] } }

  /// The interfaces forwarded now: MPRIS's two and the active player's extras.
  var forwarded: [ForwardedInterface] {
    [.root, .player] + exportedExtras.values.sorted { $0.key < $1.key }
  }

  /// What `property` of `interface` (a ``ForwardedInterface/key``) reads now: the active player's value when it has the
  /// declared type, the fallback otherwise; `Position` is computed from the anchor.
  func value(
    of property: ForwardedInterface.Property, in interface: String, at instant: ContinuousClock.Instant
  )
    -> Value
  {
    guard let mirror = activeMirror else { return property.fallback }
    if interface == ProxyNames.playerInterface, property.name == "Position" {
      return .int64(mirror.anchor.position(at: instant))
    }
    guard let value = mirror.properties[interface]?[property.name], value.signature == property.signature
    else {
      return property.fallback
    }
    return value
  }

  /// The announced properties of `interface` (among `names`, or all) whose value differs from
  /// what controllers last saw, which they are now taken to have seen.
  mutating func changes(
    in interface: ForwardedInterface, among names: Set<String>? = nil, at instant: ContinuousClock.Instant
  ) -> [String] {
    var changed: [String] = []
    for property in interface.properties where property.isAnnounced && names?.contains(property.name) != false
    {
      let now = value(of: property, in: interface.key, at: instant)
      let seen = published[interface.key]?[property.name] ?? property.fallback
      guard now != seen else { continue }
      published[interface.key, default: [:]][property.name] = now
      changed.append(property.name)
    }
    return changed
  }
}
