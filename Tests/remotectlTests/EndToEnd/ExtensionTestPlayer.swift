import BusTestSupport
import Foundation
import RemoteControlMPRIS

/// A player written with python3-dbus that has the extension interface with everything binaural
/// does not offer (rating, bookmark, dislike, language options), and prints each call it gets:
/// remotectl's verbs checked against an implementation we did not build on our own stack.
enum ExtensionTestPlayer {
  /// The bus name it owns.
  static let busName = "org.mpris.MediaPlayer2.pyext"

  static let script = PythonProgram.source("extension_test_player.py")

  /// Starts it on `bus` and waits until it owns its name.
  static func start(on bus: PrivateBus) async throws -> ChildProcess {
    let path = bus.directory.appendingPathComponent("extension-player.py").path
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    // The extension interface's name from its one declaration, not spelled in the program.
    let player = try bus.start(
      "/usr/bin/python3", [path],
      environment: ["REMOTE_CONTROL1": MediaPlayerInterface.remoteControl.rawValue])
    _ = try await player.line { $0 == "READY" }
    try await bus.waitForName(busName)
    return player
  }
}
