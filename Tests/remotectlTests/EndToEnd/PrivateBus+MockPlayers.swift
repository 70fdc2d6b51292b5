import BusTestSupport
import Foundation

/// Mock MPRIS players for the tests that need several players on one bus: each a small
/// python3-dbus program (GLib main loop) that owns `org.mpris.MediaPlayer2.<name>`, serves the
/// player interface's properties at `/org/mpris/MediaPlayer2` (as every MPRIS player does, so
/// they differ only by connection), and changes its track when asked through
/// `org.example.MockPlayer.SetTrack(artist, title)`.
extension PrivateBus {
  /// The program: `mock-player.py NAME [ARTIST TITLE]` (no track when no title is given).
  static let mockPlayerScript =
    PythonMPRISPlayer.prelude + #"""
      import sys

      name = sys.argv[1]
      bus = dbus.SessionBus()


      def metadata(artist, title, number):
          if not title:
              return dbus.Dictionary({}, signature="sv")
          return dbus.Dictionary({
              "mpris:trackid": dbus.ObjectPath("/org/example/track/%d" % number),
              "xesam:artist": dbus.Array([artist], signature="s"),
              "xesam:title": title,
          }, signature="sv")


      class Player(MPRISPlayer):
          def __init__(self):
              super().__init__(bus, {
                  ROOT: {
                      "Identity": name, "CanQuit": False, "CanRaise": False, "HasTrackList": False,
                      "SupportedUriSchemes": dbus.Array([], signature="s"),
                      "SupportedMimeTypes": dbus.Array([], signature="s"),
                  },
                  PLAYER: {
                      "PlaybackStatus": "Stopped", "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                      "Metadata": metadata(*(sys.argv[2:4] + ["", ""])[:2], 0), "Volume": 1.0,
                      "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
                      "CanGoNext": True, "CanGoPrevious": True, "CanPlay": True, "CanPause": True,
                      "CanSeek": False, "CanControl": True,
                  },
              })
              self.tracks = 0

          @dbus.service.method(PLAYER)
          def Next(self):
              pass

          @dbus.service.method(PLAYER)
          def Previous(self):
              pass

          @dbus.service.method("org.example.MockPlayer", in_signature="ss")
          def SetTrack(self, artist, title):
              self.tracks += 1
              self.change(Metadata=metadata(artist, title, self.tracks))


      player = Player()
      owned = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus, do_not_queue=True)
      GLib.MainLoop().run()
      """#

  /// Starts a mock player named `name` (with a track when `title` is given) and returns once it
  /// owns its bus name; it has set its properties before it asks for the name.
  @discardableResult
  func startMockPlayer(_ name: String, artist: String? = nil, title: String? = nil) async throws
    -> ChildProcess
  {
    let script = directory.appendingPathComponent("mock-player.py")
    if !FileManager.default.fileExists(atPath: script.path) {
      try Self.mockPlayerScript.write(to: script, atomically: true, encoding: .utf8)
    }
    var arguments = [script.path, name]
    if let title { arguments += [artist ?? "", title] }
    let child = try start(
      "/usr/bin/python3", arguments,
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
