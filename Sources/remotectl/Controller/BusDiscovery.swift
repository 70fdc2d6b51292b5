internal import Foundation

/// Where remotectl finds the session bus: `DBUS_SESSION_BUS_ADDRESS`, else
/// `$XDG_RUNTIME_DIR/bus` (both as sd-bus looks), else the private bus a `binaural` started on a
/// machine with none, whose address it writes to ``embeddedAddressFile``.
enum BusDiscovery {
  /// The file where `binaural` writes the address of the private bus it started:
  /// `${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control/bus-address`.
  static var embeddedAddressFile: String {
    let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    return (runtime ?? "/tmp") + "/swift-remote-control/bus-address"
  }

  /// The address to connect to: `nil` for sd-bus's own session-bus lookup, or the private bus's
  /// address when there is no session bus and ``embeddedAddressFile`` names one.
  static var address: String? {
    let environment = ProcessInfo.processInfo.environment
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
      FileManager.default.fileExists(atPath: runtime + "/bus")
    {
      return nil
    }
    guard let written = try? String(contentsOfFile: embeddedAddressFile, encoding: .utf8) else { return nil }
    let address = written.trimmingCharacters(in: .whitespacesAndNewlines)
    return address.isEmpty ? nil : address
  }

  /// Where it looked, for messages: "DBUS_SESSION_BUS_ADDRESS, $XDG_RUNTIME_DIR/bus and
  /// /run/user/0/swift-remote-control/bus-address".
  static var placesSearched: String {
    "DBUS_SESSION_BUS_ADDRESS, $XDG_RUNTIME_DIR/bus and \(embeddedAddressFile) (binaural's private bus)"
  }
}
