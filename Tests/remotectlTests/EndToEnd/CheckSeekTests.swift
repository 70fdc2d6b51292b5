import BusTestSupport
import Foundation
import Testing

/// How far `remotectl check`'s `seeked-after-seek` lets a relative Seek land from Position +
/// offset: up to 0.3 s short (a player whose output restarts after a seek announces a position
/// a little ahead of it), 0.1 s long.
@Suite(
  "remotectl check: where Seek may land", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct CheckSeekTests {
  /// `seeking-player.py NAME ERROR`: an MPRIS player that plays on the wall clock and whose
  /// `Seek(offset)` lands `ERROR` seconds away from position + offset, announced with `Seeked`.
  static let script = #"""
    import sys
    import time
    import dbus
    import dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib

    DBusGMainLoop(set_as_default=True)
    PLAYER = "org.mpris.MediaPlayer2.Player"
    name, error = sys.argv[1], float(sys.argv[2])
    bus = dbus.SessionBus()


    class Player(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, "/org/mpris/MediaPlayer2")
            self.base, self.at = 10.0, time.monotonic()

        def position(self):
            return self.base + time.monotonic() - self.at

        def values(self):
            return {
                "PlaybackStatus": "Playing", "Rate": 1.0, "MinimumRate": 1.0, "MaximumRate": 1.0,
                "Position": dbus.Int64(int(self.position() * 1e6)), "CanSeek": True,
                "CanControl": True, "CanPlay": True, "CanPause": True,
                "Metadata": dbus.Dictionary({}, signature="sv"),
            }

        @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v")
        def Get(self, interface, prop):
            return self.values()[prop]

        @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="s", out_signature="a{sv}")
        def GetAll(self, interface):
            return dbus.Dictionary(self.values() if interface == PLAYER else {}, signature="sv")

        @dbus.service.method(PLAYER, in_signature="x")
        def Seek(self, offset):
            self.base, self.at = max(self.position() + offset / 1e6 + error, 0), time.monotonic()
            self.Seeked(dbus.Int64(int(self.base * 1e6)))

        @dbus.service.signal(PLAYER, signature="x")
        def Seeked(self, position):
            pass


    player = Player()
    owned = dbus.service.BusName("org.mpris.MediaPlayer2." + name, bus, do_not_queue=True)
    GLib.MainLoop().run()
    """#

  @Test(arguments: [(-0.2, true), (0.0, true), (-0.6, false), (0.4, false)])
  func `a Seek landing up to 0.3 s short passes, further off it fails`(error: Double, passes: Bool)
    async throws
  {
    let bus = try await PrivateBus.start()
    let script = bus.directory.appendingPathComponent("seeking-player.py")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    let player = try bus.start(
      "/usr/bin/python3", [script.path, "seeker", "\(error)"],
      standardError: .file(bus.directory.appendingPathComponent("seeker.log").path))
    try await bus.waitForName("org.mpris.MediaPlayer2.seeker")
    let result = try await bus.remotectl("check", "seeker")
    let line = try #require(
      result.output.split(separator: "\n").first { $0.contains("seeked-after-seek") }, "\(result.output)")
    #expect(line.hasPrefix(passes ? "PASS " : "FAIL "), "Seek \(error) s off: \(line)")
    await player.terminate()
    await bus.stop()
  }
}
