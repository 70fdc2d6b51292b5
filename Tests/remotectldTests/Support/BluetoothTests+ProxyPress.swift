import BusTestSupport
import Testing

extension BluetoothTests {
  /// Two `PlayPause` presses on the hub's proxy player (`org.mpris.MediaPlayer2.remotectld`) play
  /// then pause `app`, the Now Playing app, and none of MPRIS's transport calls reaches the
  /// device's `MediaPlayer1` at `player` on the double.
  static func expectProxyPresses(
    reach app: String, notDevice player: String, on bus: PrivateBus, _ double: BlueZDouble,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bus.gdbusCall("org.mpris.MediaPlayer2.remotectld", "org.mpris.MediaPlayer2.Player.PlayPause")
    _ = try await bus.waitForPlayer(app, status: "Playing")
    try await bus.gdbusCall("org.mpris.MediaPlayer2.remotectld", "org.mpris.MediaPlayer2.Player.PlayPause")
    _ = try await bus.waitForPlayer(app, status: "Paused")
    for method in ["Play", "Pause", "Stop", "Next", "Previous"] {
      #expect(
        try await double.calls(method, on: player) == 0, "\(method) reached the headphones",
        sourceLocation: sourceLocation)
    }
  }
}
