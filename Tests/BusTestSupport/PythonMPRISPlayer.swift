/// The part every python3-dbus MPRIS player of the tests shares (Debian's `/usr/bin/python3`,
/// which has the `dbus` and `gi` modules): a GLib main loop, and `MPRISPlayer`, the object at
/// `/org/mpris/MediaPlayer2` serving the properties in `values` (by interface) with `Get`,
/// `GetAll` (an interface it lacks is `UnknownInterface`, as real players answer) and `Set`,
/// `change(**properties)` announcing with PropertiesChanged, and `Play`, `Pause`, `PlayPause`
/// and `Stop` changing `PlaybackStatus`. A program imports it (`from mpris_player import
/// MPRISPlayer`) and subclasses it with the rest of its player.
package enum PythonMPRISPlayer {
  /// What a program needs in its environment to import `mpris_player.py`, beside this file:
  /// `PYTHONPATH` at this target's folder.
  package static let environment = PythonProgram.importing(PythonProgram.folder())
}
