import BusTestSupport
import Foundation

/// A python3-dbus client that looks at one MPRIS player the way the side-by-side comparison
/// needs: its `Can*` and status in one read, the `Seeked` signals it emits while it plays, and
/// timed calls whose send times the page's handler times are held against.
enum MPRISProbe {
  /// `state NAME`: prints one JSON object with the `Can*` flags, `PlaybackStatus`, `Position`
  /// (µs) and the track id with its D-Bus type.
  /// `seeked NAME SECONDS`: counts the `Seeked` signals the owner of NAME emits in SECONDS
  /// (and its PropertiesChanged signals), prints `READY` once subscribed, then one JSON object.
  /// `calls NAME COUNT GAP`: calls Pause and Play alternately COUNT times, GAP seconds apart,
  /// each answered before the next; prints a JSON list of the wall-clock milliseconds
  /// (`time.time()`) just before each call was sent.
  /// `roundtrips NAME COUNT GAP`: the same calls, each timed on this clock alone until the
  /// PlaybackStatus it leads to is announced; prints a JSON list of milliseconds (null for a
  /// call whose status never came within 5 s).
  /// `setposition NAME TRACKID MICROSECONDS`: calls SetPosition, prints `OK` or the error.
  static let script = PythonProgram.source("mpris_probe.py")

  /// Writes the script into the bus's folder and returns its path.
  static func path(on bus: PrivateBus) throws -> String {
    let path = bus.directory.appendingPathComponent("mpris_probe.py").path
    if !FileManager.default.fileExists(atPath: path) {
      try script.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return path
  }
}
