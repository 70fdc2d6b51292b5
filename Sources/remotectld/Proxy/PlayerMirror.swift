import DBus

/// What the proxy knows of one player (kept by its unique name): its properties as it last read
/// or announced them, the interfaces beyond MPRIS's two it serves, and its position anchor.
struct PlayerMirror: Sendable {
  /// Property values (variants unwrapped) by interface (``ForwardedInterface/key``), then by name.
  var properties: [String: [String: Value]] = [:]
  /// The interfaces other than D-Bus's and MPRIS's two that it introspects as, at the MPRIS path
  /// and at its child objects.
  var extras: [ForwardedInterface] = []
  /// Its position, for `Position` reads.
  var anchor = PositionAnchor()

  /// How fast its position moves now: `Rate` while `Playing`, 0 otherwise.
  var effectiveRate: Double {
    let player = properties[ProxyNames.playerInterface]
    guard player?["PlaybackStatus"]?.stringValue == "Playing" else { return 0 }
    return player?["Rate"]?.doubleValue ?? 1
  }

  /// Records `values` of `interface`, read or announced at `instant`; a read replaces what was
  /// known of the interface (`replacing`), an announcement merges into it. The position anchor
  /// follows `Position`, `PlaybackStatus` and `Rate`.
  mutating func record(
    _ values: [String: Value], of interface: String, at instant: ContinuousClock.Instant, replacing: Bool
  ) {
    if replacing {
      properties[interface] = values
    } else {
      properties[interface, default: [:]].merge(values) { _, new in new }
    }
    guard interface == ProxyNames.playerInterface else { return }
    if values["PlaybackStatus"] != nil || values["Rate"] != nil {
      anchor.rebase(at: instant, rate: effectiveRate)
    }
    if let position = values["Position"]?.int64Value {
      anchor = PositionAnchor(position: position, rate: effectiveRate, time: instant)
    }
  }
}
