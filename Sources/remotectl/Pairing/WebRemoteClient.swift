internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// The hub's web remote as remotectl talks to it: pairing codes and paired devices, over
/// `io.github.swift_remote_control.WebRemote1` at `/org/mpris/MediaPlayer2`.
struct WebRemoteClient: Sendable {
  /// A new pairing code, as the hub answers `Pair`.
  struct Pairing: Sendable, Hashable {
    /// The code, `XXXX-XXXX`.
    var code: String
    /// The URL to open, the code and the device's key in its fragment.
    var url: String
    /// How many seconds it stays valid.
    var seconds: UInt32
  }

  /// A paired device, as the hub answers `Devices`.
  struct PairedDevice: Sendable, Hashable {
    /// Its id.
    var id: String
    /// Its name.
    var name: String
    /// When it paired and when it was last seen, in milliseconds since the Unix epoch.
    var pairedAt: Int64, lastSeen: Int64
  }

  let connection: Connection

  /// A client on `session`'s connection.
  init(session: BusSession) {
    connection = session.bus.connection
  }

  /// `Pair()`: a new single-use code.
  func pair() async throws(ControlError) -> Pairing {
    let reply = try await call(WebRemote1.Method.pair, [])
    guard reply.count == 3, let code = reply[0].stringValue, let url = reply[1].stringValue,
      case .uint32(let seconds) = reply[2]
    else { throw ControlError("The Now Playing hub answered Pair with \(reply), not (code, url, seconds)") }
    return Pairing(code: code, url: url, seconds: seconds)
  }

  /// `Devices()`: the paired devices.
  func devices() async throws(ControlError) -> [PairedDevice] {
    let reply = try await call(WebRemote1.Method.devices, [])
    guard let entries = reply.first?.arrayElements else {
      throw ControlError("The Now Playing hub answered Devices with \(reply), not a list")
    }
    return entries.compactMap { entry in
      guard case .structure(let fields) = entry, fields.count == 4, let id = fields[0].stringValue,
        let name = fields[1].stringValue, let pairedAt = fields[2].int64Value,
        let lastSeen = fields[3].int64Value
      else { return nil }
      return PairedDevice(id: id, name: name, pairedAt: pairedAt, lastSeen: lastSeen)
    }
  }

  /// `Revoke(id)`.
  func revoke(_ id: String) async throws(ControlError) {
    _ = try await call(WebRemote1.Method.revoke, [.string(id)])
  }

  private func call(_ member: String, _ arguments: [Value]) async throws(ControlError) -> [Value] {
    do {
      return try await connection.call(
        destination: HubAddress.busName, path: HubAddress.path, interface: WebRemote1.interface,
        member: member,
        arguments: arguments, timeout: .seconds(5))
    } catch {
      switch error.name.rawValue {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        throw HubClient.notRunning
      case "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.UnknownMethod":
        throw ControlError("The Now Playing hub that runs has no web remote: it is older than this remotectl")
      default:
        throw ControlError(error.message)
      }
    }
  }
}
