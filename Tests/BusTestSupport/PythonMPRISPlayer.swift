/// The part every python3-dbus MPRIS player of the tests shares (Debian's `/usr/bin/python3`,
/// which has the `dbus` and `gi` modules): a GLib main loop, and `MPRISPlayer`, the object at
/// `/org/mpris/MediaPlayer2` serving the properties in `values` (by interface) with `Get`,
/// `GetAll` (an interface it lacks is `UnknownInterface`, as real players answer) and `Set`,
/// `change(**properties)` announcing with PropertiesChanged, and `Play`, `Pause`, `PlayPause`
/// and `Stop` changing `PlaybackStatus`. A script subclasses it with the rest of its player.
package enum PythonMPRISPlayer {
  package static let prelude = PythonProgram.source("mpris_player.py")
}
