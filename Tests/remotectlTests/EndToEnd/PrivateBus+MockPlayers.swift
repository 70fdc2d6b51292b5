import BusTestSupport
import Foundation

/// Mock MPRIS players for the tests that need several players on one bus: each a small
/// python3-dbus program (GLib main loop) that owns `org.mpris.MediaPlayer2.<name>`, serves the
/// player interface's properties at `/org/mpris/MediaPlayer2` (as every MPRIS player does, so
/// they differ only by connection), and changes its track when asked through
/// `org.example.MockPlayer.SetTrack(artist, title)`.
extension PrivateBus {
  /// The program: `mock_player.py NAME [ARTIST TITLE]` (no track when no title is given), beside
  /// this file; it imports `mpris_player` (``PythonMPRISPlayer``).
  static let mockPlayerScript = PythonProgram.path("mock_player.py")

  /// Starts a mock player named `name` (with a track when `title` is given) and returns once it
  /// owns its bus name; it has set its properties before it asks for the name.
  @discardableResult
  ///
  /// - Parameter getAllDelay: How long it takes to answer each `GetAll` (in order: a call that
  ///   comes meanwhile waits), as a busy player does.
  func startMockPlayer(
    _ name: String, artist: String? = nil, title: String? = nil, getAllDelay: Duration = .zero
  ) async throws -> ChildProcess {
    var arguments = [Self.mockPlayerScript, name]
    if let title { arguments += [artist ?? "", title] }
    var environment = PythonMPRISPlayer.environment
    let (seconds, attoseconds) = getAllDelay.components
    environment["MOCK_PLAYER_GETALL_DELAY"] = String(Double(seconds) + Double(attoseconds) / 1e18)
    let child = try start(
      "/usr/bin/python3", arguments, environment: environment,
      standardError: .file(directory.appendingPathComponent("mock-\(name).log").path))
    try await waitForName("org.mpris.MediaPlayer2.\(name)")
    return child
  }

  /// Asks the mock player `name` to change its track; returns once it has sent the
  /// PropertiesChanged signal (it answers after sending it).
  func setTrack(of name: String, artist: String, title: String) async throws {
    try await callMockPlayer(name, "org.example.MockPlayer.SetTrack", [artist, title])
  }

  /// Calls `org.mpris.MediaPlayer2.Player.Play` on the mock player `name`; returns once it has
  /// sent the PropertiesChanged signal.
  func play(_ name: String) async throws {
    try await callMockPlayer(name, "org.mpris.MediaPlayer2.Player.Play", [])
  }

  private func callMockPlayer(_ name: String, _ method: String, _ arguments: [String]) async throws {
    let result = try await run(
      "gdbus",
      [
        "call", "--address", address, "--dest", "org.mpris.MediaPlayer2.\(name)", "--object-path",
        "/org/mpris/MediaPlayer2", "--method", method,
      ] + arguments)
    if result.status != 0 { throw TestFailure("\(method) on \(name) failed: \(result.error)") }
  }
}
