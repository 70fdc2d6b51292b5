/// An MPRIS player in Python (python3-dbus, a GLib loop) that plays through a child process,
/// as browsers and Electron apps do: `pacat` playing silence, its child, or with `--grandchild`
/// its grandchild (a shell between them, as Chromium's zygote). It prints each MPRIS call it
/// takes (`Play`, `Pause`…) and `audio ended` when its stream's process exits.
///
/// Arguments: its name (`org.mpris.MediaPlayer2.NAME`, also its DesktopEntry), the sink to play
/// on (empty for the default), then flags: `--grandchild`; `--respawn` (a new stream on the
/// `speakers` sink when the old one ends: a player that recreates its stream elsewhere);
/// `--silent` (no stream at all: a player that plays nothing); `--no-volume` (no MPRIS `Volume`);
/// `--ignores-volume` (a `Volume` that takes any write and stays at 1, as Chromium's; other writes
/// are refused as read-only). On `SIGUSR1` it ends its stream (kills its audio processes), as the server
/// ends Firefox's.
package enum AudioChildPlayer {
  /// The player's program, for `python3 -c`.
  package static let script = PythonProgram.source("audio_child_player.py")
}
