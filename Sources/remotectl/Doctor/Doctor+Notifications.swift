internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// What the doctor says about the hub's track notifications (`--notify`,
/// `io.github.swift_remote_control.Notifications1`), and whether a notification server
/// (`org.freedesktop.Notifications`) is on the session bus to show them.
extension Doctor {
  /// The name a notification server owns on the session bus (the Desktop Notifications
  /// Specification's).
  static let notificationServerName: BusName = "org.freedesktop.Notifications"

  /// The track notifications' finding, as the hub at `owner` says and the session bus shows; none
  /// from a hub without the interface.
  static func notifications(_ session: BusSession, owner: BusName) async -> [Finding] {
    guard let status = await properties(of: Notifications1.interface, at: owner, session: session) else {
      return []
    }
    let isOn = status[Notifications1.Property.enabled]?.boolValue ?? false
    let server = await notificationServer(session)
    guard isOn else {
      return [
        Finding(
          kind: .ok,
          text: "track notifications: off (`remotectld --notify` or `notify = yes` turns them on); "
            + (server ?? "no notification server is on the session bus"))
      ]
    }
    guard let server else {
      return [
        Finding(
          kind: .note,
          text: "track notifications: on, but no notification server is on the session bus (none owns "
            + "\(notificationServerName.rawValue)): nothing shows until one runs",
          fix: "start the desktop's notification server (mako, dunst, swaync…) in this session")
      ]
    }
    return [Finding(kind: .ok, text: "track notifications: on; \(server)")]
  }

  /// The notification server on the session bus, in words (`the notification server is NAME
  /// VERSION`, or one D-Bus starts), `nil` when there is none. It never starts one: it asks the
  /// bus, and asks the server its name only when it runs.
  static func notificationServer(_ session: BusSession) async -> String? {
    let connection = session.bus.connection
    let owner: BusName?
    do {
      owner = try await connection.nameOwner(of: notificationServerName, timeout: .seconds(2))
    } catch {
      return "the bus does not say whether a notification server runs (\(error.message))"
    }
    if let owner {
      // GetServerInformation() → (name, vendor, version, spec_version).
      let information: [Value]
      do {
        information = try await connection.call(
          destination: notificationServerName, path: "/org/freedesktop/Notifications",
          interface: notificationServerName.rawValue, member: "GetServerInformation", timeout: .seconds(2))
      } catch {
        return "the notification server runs (\(owner)) but does not say its name: \(error.message)"
      }
      let words = information.prefix(3).compactMap(\.stringValue).filter { !$0.isEmpty }
      let name = words.isEmpty ? "" : " \(words[0])" + (words.count > 2 ? " \(words[2])" : "")
      return "the notification server\(name) runs (\(owner))"
    }
    let activatable: [BusName]
    do {
      activatable = try await connection.listActivatableNames(timeout: .seconds(2))
    } catch {
      return "the bus does not say whether a notification server is installed (\(error.message))"
    }
    guard activatable.contains(notificationServerName) else { return nil }
    return "a notification server is installed for D-Bus activation: the first notification starts it"
  }
}
