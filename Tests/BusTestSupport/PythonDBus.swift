import Foundation

/// A python3-dbus client (Debian's `/usr/bin/python3`, which has the `dbus` module) for what the
/// command-line clients cannot show: signal contents with their D-Bus types, and values such as
/// NaN.
package enum PythonDBus {
  /// `monitor`: prints `READY`, then one JSON line per PropertiesChanged or Seeked signal from
  /// `/org/mpris/MediaPlayer2`. `get IFACE PROP`: prints the value as typed JSON.
  /// `set IFACE PROP TYPE TEXT`: sets a property (TYPE `d` parses TEXT as a float, so `nan` works;
  /// `s` sends TEXT; `b` sends `true`/`false`) and prints `OK`, or the D-Bus error name and message;
  /// its own unique name goes to standard error.
  package static let script = PythonProgram.source("mpris_client.py")

  /// `signal_monitor.py ADDRESS NAME`: prints NAME's signals as `gdbus monitor --dest NAME` does,
  /// and "The name NAME is owned by OWNER" only once its match rule is in place (gdbus prints that
  /// line before it sends its AddMatch, so a signal sent right after it can be missed).
  package static let signalMonitor = PythonProgram.path("signal_monitor.py")

  /// Writes the script into the bus's folder.
  package static func scriptPath(on bus: PrivateBus) throws -> String {
    let path = bus.directory.appendingPathComponent("mpris_client.py").path
    if !FileManager.default.fileExists(atPath: path) {
      try script.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return path
  }
}

extension PrivateBus {
  /// Starts a signal monitor and waits until it listens.
  package func startSignalMonitor() async throws -> SignalMonitor {
    let process = try start(PrivateBus.python3, try PythonDBus.scriptPath(on: self), "monitor")
    _ = try await process.line { $0 == "READY" }
    return SignalMonitor(process: process)
  }

  /// The typed value of a property, read by python3-dbus.
  package func typedProperty(
    _ name: String, of interface: String = "org.mpris.MediaPlayer2.Player", at busName: String
  )
    async throws -> TypedValue
  {
    let result = try await run(
      PrivateBus.python3, [try PythonDBus.scriptPath(on: self), "get", busName, interface, name])
    guard result.succeeded else { throw TestFailure(result.description) }
    return try JSONDecoder().decode(TypedValue.self, from: Data(result.output.utf8))
  }

  /// Sets a property with python3-dbus; returns `OK` or `error.name: message`.
  package func setProperty(
    _ name: String, of interface: String = "org.mpris.MediaPlayer2.Player", at busName: String, type: String,
    _ text: String
  ) async throws -> String {
    try await setPropertyNamingWriter(name, of: interface, at: busName, type: type, text).answer
  }

  /// Sets a property with python3-dbus; returns `OK` or `error.name: message`, and the unique
  /// name of the python3-dbus connection that wrote it.
  package func setPropertyNamingWriter(
    _ name: String, of interface: String = "org.mpris.MediaPlayer2.Player", at busName: String, type: String,
    _ text: String
  ) async throws -> (answer: String, writer: String) {
    let result = try await run(
      PrivateBus.python3,
      [try PythonDBus.scriptPath(on: self), "set", busName, interface, name, type, text])
    guard result.succeeded else { throw TestFailure(result.description) }
    return (result.trimmed, result.error.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
