import BusTestSupport

/// A python3-dbus MPRIS player, `org.mpris.MediaPlayer2.<name>`, that serves a vendor
/// interface, `com.example.Vendor` (`Flavour`, read-only, never announced), at the MPRIS path
/// and, when asked, an extension interface at the child object
/// `/org/mpris/MediaPlayer2/RemoteControl`, listed in the MPRIS object's introspection as
/// `<node name="RemoteControl"/>`: `com.example.Remote` with `Shout(s) → s` (its argument in
/// capitals), `Bump()` (adds one to `Level` and announces it at the child path) and `Level`
/// (`i`, writable, announced, 1 unless told). It starts playing or paused; `Play` and `Pause` announce the
/// new PlaybackStatus.
enum ChildObjectPlayer {
  static let childPath = "/org/mpris/MediaPlayer2/RemoteControl"
  static let remoteInterface = "com.example.Remote"
  static let vendorInterface = "com.example.Vendor"

  /// The program, beside this file: `child_object_player.py NAME FLAVOUR CHILD STATUS LEVEL`,
  /// which names the three above as they are here.
  static let script = PythonProgram.path("child_object_player.py")

  /// The arguments that run it.
  static func arguments(name: String, flavour: String, hasChild: Bool, playing: Bool, level: Int32)
    -> [String]
  {
    [script, name, flavour, hasChild ? "child" : "none", playing ? "Playing" : "Paused", "\(level)"]
  }
}

extension PrivateBus {
  /// Starts a ``ChildObjectPlayer`` as `org.mpris.MediaPlayer2.<name>` and waits until it owns
  /// its name.
  @discardableResult
  func startChildObjectPlayer(
    _ name: String, flavour: String, hasChild: Bool, playing: Bool, level: Int32 = 1
  ) async throws
    -> ChildProcess
  {
    let child = try start(
      "/usr/bin/python3",
      ChildObjectPlayer.arguments(
        name: name, flavour: flavour, hasChild: hasChild, playing: playing, level: level))
    try await waitForName("org.mpris.MediaPlayer2.\(name)")
    return child
  }
}
