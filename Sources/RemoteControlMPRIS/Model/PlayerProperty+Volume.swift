extension PlayerProperty {
  /// Whether a player offers a `Volume` that a controller can set, from its `Volume` and
  /// `CanControl` as read (`nil` for one it did not give): the `Volume` is there and `CanControl`
  /// is true (MPRIS: with `CanControl` false, `Volume` is read-only). The one rule for
  /// `remotectl volume`, the web remote and the hub's audio session, which otherwise reach the
  /// player's own streams on the sound server.
  package static func offersWritableVolume(volume: Double?, canControl: Bool?) -> Bool {
    volume != nil && canControl == true
  }
}
