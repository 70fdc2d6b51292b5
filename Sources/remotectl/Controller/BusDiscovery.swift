internal import Glibc
internal import HubSupport

/// Where remotectl finds the session bus: `DBUS_SESSION_BUS_ADDRESS`, else
/// `$XDG_RUNTIME_DIR/bus` (both as sd-bus looks), else the private bus a `binaural` started on a
/// machine with none, whose address it writes to ``embeddedAddressFile``.
///
/// Plain C calls, no Foundation: this runs on every media key press.
enum BusDiscovery {
  /// The file where `binaural` writes the address of the private bus it started:
  /// `${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control/bus-address`.
  static var embeddedAddressFile: String {
    (BaseDirectory.runtime() ?? "/tmp") + "/swift-remote-control/bus-address"
  }

  /// The address to connect to: `nil` for sd-bus's own session-bus lookup, or the private bus's
  /// address when there is no session bus and ``embeddedAddressFile`` names one.
  static var address: String? {
    if environment("DBUS_SESSION_BUS_ADDRESS") != nil { return nil }
    if let runtime = BaseDirectory.runtime(), access(runtime + "/bus", F_OK) == 0 { return nil }
    guard let written = contents(of: embeddedAddressFile) else { return nil }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = written.firstIndex(where: { !isSpace($0) }),
      let last = written.lastIndex(where: { !isSpace($0) })
    else { return nil }
    return String(written[first...last])
  }

  /// Where it looked, for messages: "DBUS_SESSION_BUS_ADDRESS, $XDG_RUNTIME_DIR/bus and
  /// /run/user/0/swift-remote-control/bus-address".
  static var placesSearched: String {
    "DBUS_SESSION_BUS_ADDRESS, $XDG_RUNTIME_DIR/bus and \(embeddedAddressFile) (binaural's private bus)"
  }

  /// The value of the environment variable `name`, or `nil` when it is unset or empty.
  private static func environment(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  /// The first 4 KiB of the file at `path` as UTF-8, or `nil` when it cannot be read.
  private static func contents(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count >= 0 else { return nil }
    return String(decoding: bytes.prefix(count), as: UTF8.self)
  }
}
