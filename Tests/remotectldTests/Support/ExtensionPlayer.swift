import BusTestSupport

/// A python3-dbus MPRIS player, `org.mpris.MediaPlayer2.extended`, that plays from the start and
/// serves TrackList and an extension interface, `com.example.Mood`, besides MPRIS's two. It
/// answers every property write 300 ms late, refuses `Mood = 'angry'`
/// (`com.example.Mood.Error.Refused`), and `Echo` answers its argument in capitals, announcing
/// TrackAdded first, or fails with `com.example.Mood.Error.Failed` when asked to `fail`.
enum ExtensionPlayer {
  static let busName = "org.mpris.MediaPlayer2.extended"
  /// How late it answers a property write.
  static let writeDelay: Duration = .milliseconds(300)

  static let script = PythonProgram.source("extension_player.py")
}

extension PrivateBus {
  /// Starts the ``ExtensionPlayer`` and waits until it owns its name.
  @discardableResult
  func startExtensionPlayer() async throws -> ChildProcess {
    // Debian's python3, with python3-dbus and python3-gi; the pyenv one on PATH lacks them.
    let child = try start("/usr/bin/python3", ["-c", ExtensionPlayer.script])
    try await waitForName(ExtensionPlayer.busName)
    return child
  }
}
