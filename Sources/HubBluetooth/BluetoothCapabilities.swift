import DBus
package import HubCore
import RemoteControlMPRIS

/// What the hub's player registered with bluetoothd says it can do: the capabilities the hub
/// really has, rather than the Now Playing player's alone, since every press goes through the
/// hub's ``CommandPath``.
///
/// bluetoothd sends a car's or earbuds' press only when the registered player's flags allow it
/// (media.c `media_player_play` and the others check `mp->control` and `mp->play`…, read by
/// `set_flag` from the registration's dict and each `PropertiesChanged`), so a `CanPlay` of
/// `false` with nothing running would drop the Play that brings back the last app
/// (``Relauncher``).
package enum BluetoothCapabilities {
  /// The capabilities among the overrides of the Bluetooth outlet (``Outlet/Overrides``), computed
  /// here only (``RegisteredPlayer`` then makes every value one bluetoothd accepts):
  /// - `CanControl` (MPRIS `CanControl`): always `true`, since the hub takes every press, and
  ///   MPRIS never announces a change of it that bluetoothd could follow.
  /// - `CanPlay` (MPRIS `CanPlay`): the Now Playing player's own, and with none `true` when
  ///   `commands` would relaunch the last Now Playing app on Play (relaunching on and a last app
  ///   known).
  /// - `CanGoNext` and `CanGoPrevious` (MPRIS's): always `true`. bluetoothd reads them when the
  ///   press comes (media.c `media_player_next`, `media_player_previous`) and, when one is
  ///   `false`, its avctp.c hands the key to its own uinput device instead (`AV/C: BACKWARD
  ///   pressed`), a key for whatever else listens. An app announces its flags after the track
  ///   change they follow (binaural's `CanGoPrevious` becomes `true` once it has left its first
  ///   track), so a car's Previous right after a Next read the old `false`. The press goes to the
  ///   Now Playing app through ``CommandPath`` instead, and the app, which knows whether it can go
  ///   back, does what MPRIS says (nothing when it cannot).
  package static func overrides(commands: CommandPath) -> Outlet.Overrides {
    [
      PlayerProperty.canControl.rawValue: { _ in .bool(true) },
      PlayerProperty.canPlay.rawValue: { value in canRelaunch(commands) ? .bool(true) : value },
      PlayerProperty.canGoNext.rawValue: { _ in .bool(true) },
      PlayerProperty.canGoPrevious.rawValue: { _ in .bool(true) },
    ]
  }

  /// Whether a Play now would start the last Now Playing app: the condition of
  /// ``CommandPath/send(_:to:timeout:answered:)``, with a last app to start.
  static func canRelaunch(_ commands: CommandPath) -> Bool {
    guard let relauncher = commands.relauncher else { return false }
    return relauncher.isEnabled && relauncher.hasLastApp
      && commands.player(for: .player(.play), at: .nowPlaying) == nil
  }
}
