import BusTestSupport

extension PythonPlayers {
  /// Players that take every command and change nothing on their own: what the hub records of a
  /// command is then the command alone, never the player's answer to it (a new track, a new
  /// status), which the Now Playing rule and the audio session count by themselves.
  ///
  /// Each argument `NAME:STATUS` (`a:Paused`) is a player on a connection of its own, owning
  /// `org.mpris.MediaPlayer2.NAME`, in that order, with `PlaybackStatus` STATUS and every
  /// `Can*` true; with `--system` before them, on the bus at `DBUS_SYSTEM_BUS_ADDRESS` (which the
  /// hub relays as `NAME.system`). Each prints `NAME MEMBER` as a call reaches it, once it has done what the call
  /// does:
  ///
  /// - `Play` and `Pause` play and pause it, announced (what the audio session sends);
  /// - `Seek` announces `Seeked`, at position 0 (a jump, which the rule counts as activity);
  /// - `PlayPause`, `Next`, `Previous` and `Stop` do nothing: the player holds still.
  static let holdingStill = PythonProgram.path("holding_still_players.py")
}
