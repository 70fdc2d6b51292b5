/// The one monitor of the signals a bus name sends (`signal_monitor.py`, python3-gi): its lines
/// are `gdbus monitor --dest NAME`'s, but its ready line comes only once its match rule is
/// installed. `gdbus monitor` (GLib 2.74) prints "The name NAME is owned by OWNER" before it sends
/// its AddMatch, so a signal sent right after that line could be missed (44 of 100 were); every
/// test that starts a monitor of a name starts this one and waits for ``isReady(_:)``.
package enum NameMonitor {
  /// The program that runs it: Debian's python3, which has the `gi` module.
  package static let executable = PrivateBus.python3

  /// The arguments that monitor `sender` (a well-known or a unique name) on the bus at `address`.
  package static func arguments(address: String, sender: String) -> [String] {
    [PythonDBus.signalMonitor, address, sender]
  }

  /// Whether `line` is the monitor's ready line: it names the sender's owner (or says it has
  /// none), and the bus had answered the monitor's AddMatch before it was printed.
  package static func isReady(_ line: String) -> Bool {
    line.hasPrefix("The name ")
      && (line.contains(" is owned by ") || line.hasSuffix(" does not have an owner"))
  }
}
