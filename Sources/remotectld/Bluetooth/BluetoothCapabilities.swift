import DBus

/// What the hub's player registered with bluetoothd says it can do: the capabilities the hub
/// really has, rather than the Now Playing player's alone, since every press goes through the
/// hub's ``CommandPath``.
///
/// bluetoothd sends a car's or earbuds' press only when the registered player's flags allow it
/// (media.c `media_player_play` and the others check `mp->control` and `mp->play`…, read by
/// `set_flag` from the registration's dict and each `PropertiesChanged`), so a `CanPlay` of
/// `false` with nothing running would drop the Play that brings back the last app
/// (``Relauncher``).
enum BluetoothCapabilities {
  /// The overrides of the Bluetooth outlet (``Outlet/Overrides``), computed here only:
  /// - `CanControl` (MPRIS `CanControl`): always `true`, since the hub takes every press, and
  ///   MPRIS never announces a change of it that bluetoothd could follow.
  /// - `CanPlay` (MPRIS `CanPlay`): `true` when the hub can relaunch the last Now Playing app
  ///   (relaunching on and a last app known), else the Now Playing player's own.
  static func overrides(relauncher: Relauncher) -> Outlet.Overrides {
    [
      "CanControl": { _ in .bool(true) },
      "CanPlay": { value in canRelaunch(relauncher) ? .bool(true) : value },
    ]
  }

  /// Whether a Play with no player would start the last Now Playing app.
  static func canRelaunch(_ relauncher: Relauncher) -> Bool {
    relauncher.options.isEnabled && relauncher.last != nil
  }
}
