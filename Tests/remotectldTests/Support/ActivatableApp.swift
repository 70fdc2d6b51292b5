import BusTestSupport
import Foundation

/// An app as GNOME's are (`DBusActivatable=true` in its desktop file): it owns its desktop file
/// ID as a bus name, takes `org.freedesktop.Application.Activate` at `/org/example/Tones`, and
/// is an MPRIS player whose `DesktopEntry` is that ID. A python3-dbus program, written to a file
/// of the test's own.
///
/// `activatable-app.py ID WHEN`: WHEN is `now` (the player is on the bus at once), `activate`
/// (once Activate is called) or `never` (Activate is answered, and no player comes).
enum ActivatableApp {
  static let id = "org.example.Tones"
  static let playerName = "org.mpris.MediaPlayer2.tones"

  static let script =
    PythonMPRISPlayer.prelude + #"""
      import sys

      app_id, when = sys.argv[1], sys.argv[2]
      bus = dbus.SessionBus()
      published = []


      def publish():
          if not published:
              published.append(MPRISPlayer(bus, {
                  ROOT: {
                      "Identity": "Tones", "DesktopEntry": app_id, "CanQuit": False, "CanRaise": False,
                      "HasTrackList": False, "SupportedUriSchemes": dbus.Array([], signature="s"),
                      "SupportedMimeTypes": dbus.Array([], signature="s"),
                  },
                  PLAYER: {
                      "PlaybackStatus": "Paused", "LoopStatus": "None", "Rate": 1.0, "Shuffle": False,
                      "Metadata": dbus.Dictionary({
                          "mpris:trackid": dbus.ObjectPath("/org/example/tones/1"), "xesam:title": "A",
                      }, signature="sv"),
                      "Volume": 1.0, "Position": dbus.Int64(0), "MinimumRate": 1.0, "MaximumRate": 1.0,
                      "CanGoNext": False, "CanGoPrevious": False, "CanPlay": True, "CanPause": True,
                      "CanSeek": False, "CanControl": True,
                  },
              }))
              published.append(dbus.service.BusName("org.mpris.MediaPlayer2.tones", bus, do_not_queue=True))


      class Application(dbus.service.Object):
          def __init__(self):
              super().__init__(bus, "/" + app_id.replace(".", "/"))

          @dbus.service.method("org.freedesktop.Application", in_signature="a{sv}")
          def Activate(self, platform_data):
              if when == "activate":
                  publish()


      application = Application()
      own = dbus.service.BusName(app_id, bus, do_not_queue=True)
      if when == "now":
          publish()
      GLib.MainLoop().run()
      """#

  /// Writes the program into `folder`; its path.
  static func write(in folder: URL) throws -> String {
    let file = folder.appendingPathComponent("activatable-app.py")
    try script.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  /// Its desktop file: `DBusActivatable=true`, and an `Exec` that must not be run.
  static let desktopFile = """
    [Desktop Entry]
    Type=Application
    Name=Tones
    DBusActivatable=true
    Exec=/bin/false

    """

  /// The D-Bus service file that starts it under its ID, the player coming `when` it says.
  static func service(script: String, when: String) -> String {
    """
    [D-BUS Service]
    Name=\(id)
    Exec=/usr/bin/python3 \(script) \(id) \(when)

    """
  }
}
