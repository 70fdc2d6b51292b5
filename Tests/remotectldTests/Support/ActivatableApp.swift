import BusTestSupport

/// An app as GNOME's are (`DBusActivatable=true` in its desktop file): it owns its desktop file
/// ID as a bus name, takes `org.freedesktop.Application.Activate` at `/org/example/Tones`, and
/// is an MPRIS player whose `DesktopEntry` is that ID. A python3-dbus program in a file beside
/// this one.
///
/// `activatable_app.py ID WHEN`: WHEN is `now` (the player is on the bus at once), `activate`
/// (once Activate is called) or `never` (Activate is answered, and no player comes).
enum ActivatableApp {
  static let id = "org.example.Tones"
  static let playerName = "org.mpris.MediaPlayer2.tones"

  /// The program, beside this file; it imports `mpris_player` (``PythonMPRISPlayer``).
  static let script = PythonProgram.path("activatable_app.py")

  /// What the program needs in its environment, on top of the bus's.
  static let environment = PythonMPRISPlayer.environment

  /// Its desktop file: `DBusActivatable=true`, and an `Exec` that must not be run.
  static let desktopFile = """
    [Desktop Entry]
    Type=Application
    Name=Tones
    DBusActivatable=true
    Exec=/bin/false

    """

  /// The D-Bus service file that starts it under its ID, the player coming `when` it says (with
  /// ``environment``: the bus starts it with its own).
  static func service(when: String) -> String {
    """
    [D-BUS Service]
    Name=\(id)
    Exec=/usr/bin/env PYTHONPATH=\(environment["PYTHONPATH"] ?? "") /usr/bin/python3 \(script) \(id) \(when)

    """
  }
}
