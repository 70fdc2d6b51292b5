import BusTestSupport
import DBus
import Foundation

@testable import HubCore
@testable import HubNotifications
@testable import remotectld

/// A notification server (`org.freedesktop.Notifications`) on a private session bus: Debian's
/// python3-dbusmock with its `notification_daemon` template, which answers `Notify` with an id
/// (`replaces_id` when one is given) and logs every call it takes to a file, in the order it
/// takes them.
///
/// A double, not a real server: notification-daemon and dunst (Debian 12) both need a display and
/// abort without one, and mako a Wayland compositor; the machines that run the suite have neither.
struct NotificationDaemon: Sendable {
  /// One `Notify` the server took, as dbusmock logged it.
  struct Notified: Sendable, CustomStringConvertible {
    var appName: String
    var replacesID: UInt32
    var appIcon: String
    var summary: String
    var body: String
    /// The whole logged line, hints and timeout included.
    var line: String

    var description: String { line }
  }

  let process: ChildProcess
  let bus: PrivateBus
  /// Where dbusmock logs the calls.
  let log: URL

  /// Starts the server on `bus` and returns once it owns `org.freedesktop.Notifications`.
  static func start(on bus: PrivateBus) async throws -> NotificationDaemon {
    let log = bus.directory.appendingPathComponent("notifications-\(UUID().uuidString).log")
    let process = try bus.start(
      PythonPlayers.python, ["-m", "dbusmock", "--template", "notification_daemon", "-l", log.path])
    try await bus.waitForName(DesktopNotifications.busName.rawValue)
    return NotificationDaemon(process: process, bus: bus, log: log)
  }

  /// Every call the server took, as logged lines.
  func calls() throws -> [String] {
    guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
  }

  /// Every `Notify` the server took, in order.
  func notifications() throws -> [Notified] {
    try calls().compactMap(Self.notified(in:))
  }

  /// Returns once the server has taken every call the bus routed to it before this one: a call
  /// of this test's own, logged after them.
  func barrier() async throws {
    let before = try calls().count
    try await bus.gdbusCall(
      DesktopNotifications.busName.rawValue, "\(DesktopNotifications.interface).GetServerInformation",
      path: DesktopNotifications.path.rawValue)
    try await eventually("the server to log its barrier call") {
      try calls().dropFirst(before).contains { $0.contains(" GetServerInformation") }
    }
  }

  /// Makes `Notify` answer with an error (`org.freedesktop.Notifications.Error.OutOfOrder`) until
  /// ``answerNotify()``.
  func failNotify() async throws {
    try await setNotify("raise dbus.exceptions.DBusException('out of order', name='\(Self.errorName)')")
  }

  /// Makes `Notify` answer as the template does.
  func answerNotify() async throws {
    try await setNotify(
      "ret = args[1] if args[1] else self.next_id; self.next_id += 0 if args[1] else 1")
  }

  /// The error ``failNotify()`` makes `Notify` answer with.
  static let errorName = "org.freedesktop.Notifications.Error.OutOfOrder"

  private func setNotify(_ code: String) async throws {
    try await bus.gdbusCall(
      DesktopNotifications.busName.rawValue, "org.freedesktop.DBus.Mock.AddMethod",
      [
        DesktopNotifications.interface, DesktopNotifications.notify, "susssasa{sv}i", "u",
        // A GVariant string, as gdbus reads its arguments.
        "\"" + code.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
          + "\"",
      ],
      path: DesktopNotifications.path.rawValue)
  }

  /// The `Notify` of a logged line (`TIME Notify "app" 0 "" "summary" "body" [] {hints} -1`),
  /// `nil` for another call's. dbusmock quotes strings without escaping them: the tests' titles
  /// hold no `"`.
  static func notified(in line: String) -> Notified? {
    guard let start = line.range(of: " Notify \"") else { return nil }
    var rest = line[line.index(before: start.upperBound)...]
    func string() -> String? {
      guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
      let value = String(rest[rest.index(after: rest.startIndex)..<end])
      rest = rest[rest.index(after: end)...].drop { $0 == " " }
      return value
    }
    func number() -> UInt32? {
      let digits = rest.prefix { $0.isNumber }
      rest = rest.dropFirst(digits.count).drop { $0 == " " }
      return UInt32(digits)
    }
    guard let appName = string(), let id = number(), let icon = string(), let summary = string(),
      let body = string()
    else { return nil }
    return Notified(appName: appName, replacesID: id, appIcon: icon, summary: summary, body: body, line: line)
  }
}
