import BusTestSupport
import Foundation

extension PrivateBus {
  /// Runs the probe's `command` on the player `name` and returns the JSON object it prints.
  func probe(_ command: String, _ name: String) async throws -> [String: Any] {
    let result = try await run(Self.python3, [try MPRISProbe.path(on: self), command, name])
    guard result.succeeded,
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    else { throw TestFailure("probe \(command) \(name): \(result)") }
    return object
  }

  /// The names on the bus (`org.freedesktop.DBus.ListNames`).
  func busNames() async throws -> [String] {
    let result = try await python(
      "import dbus, sys; print('\\n'.join(dbus.bus.BusConnection(sys.argv[1]).list_names()))")
    guard result.succeeded else { throw TestFailure("ListNames: \(result)") }
    return result.output.split(separator: "\n").map(String.init)
  }
}
