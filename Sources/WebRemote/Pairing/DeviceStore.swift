import Crypto
import Foundation
import HubSupport
import Synchronization

/// The paired devices and the pairing codes not yet spent: codes are single use and valid for
/// 60 s, failed attempts are rate limited, and tokens are kept only as SHA-256 digests in
/// `devices.json` under the state directory (mode 0600).
package final class DeviceStore: Sendable {
  /// How many failed pairing attempts are allowed within ``failureWindow``, all clients together.
  package static let maximumFailures = 5
  /// The window failed attempts are counted in.
  package static let failureWindow = Duration.seconds(60)

  private struct StoredDevice: Sendable {
    var device: Device
    var tokenDigest: String
    var savedLastSeen: Int64
  }

  private struct State: Sendable {
    var devices: [StoredDevice] = []
    var codes: [String: ContinuousClock.Instant] = [:]
    var failures: [ContinuousClock.Instant] = []
  }

  /// The folder of `devices.json`.
  package let directory: String
  private let state: Mutex<State>
  private let revocationObservers = Mutex<[@Sendable (String) -> Void]>([])

  /// `$XDG_STATE_HOME/remotectld`, or `~/.local/state/remotectld` when the variable is unset
  /// or not an absolute path.
  package static func defaultDirectory() -> String {
    defaultDirectory(environment: ProcessInfo.processInfo.environment)
  }

  /// The state directory that `environment` names, as ``defaultDirectory()`` reads it.
  package static func defaultDirectory(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/remotectld" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/state/remotectld"
  }

  private init(directory: String, devices: [StoredDevice]) {
    self.directory = directory
    self.state = Mutex(State(devices: devices))
  }

  /// The store kept in `directory`, with the devices paired before; the folder is made when
  /// the first device pairs. Throws when `devices.json` exists but cannot be read.
  package static func open(directory: String) async throws(APIError) -> DeviceStore {
    let path = directory + "/devices.json"
    let bytes: [UInt8]? = await BlockingIO.run { () -> [UInt8]? in
      FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
    guard let bytes else { return DeviceStore(directory: directory, devices: []) }
    let json: JSONValue
    do {
      json = try JSONValue.parse(bytes)
    } catch {
      throw APIError(.unavailable, "\(path) is not valid JSON: \(error.reason)")
    }
    guard case .array(let entries)? = json["devices"] else {
      throw APIError(.unavailable, "\(path) has no \"devices\" list")
    }
    var devices: [StoredDevice] = []
    for entry in entries {
      guard let id = entry["id"]?.stringValue, let digest = entry["tokenSHA256"]?.stringValue else {
        throw APIError(.unavailable, "\(path) has a device without \"id\" or \"tokenSHA256\"")
      }
      let lastSeen = Int64(entry["lastSeen"]?.doubleValue ?? 0)
      devices.append(
        StoredDevice(
          device: Device(
            id: id, name: entry["name"]?.stringValue ?? id,
            pairedAt: Int64(entry["pairedAt"]?.doubleValue ?? 0),
            lastSeen: lastSeen),
          tokenDigest: digest, savedLastSeen: lastSeen))
    }
    return DeviceStore(directory: directory, devices: devices)
  }

  // MARK: - Pairing

  /// A new single-use code, valid for ``PairingCode/validity``.
  package func newCode() -> PairingCode {
    let code = PairingCode.random()
    let now = ContinuousClock.now
    state.withLock { state in
      state.codes = state.codes.filter { $0.value > now }
      state.codes[PairingCode.normalized(code.text)] = now + code.validity
    }
    return code
  }

  /// Spends `code` for a new device called `name`: the device and its token (shown once).
  /// Throws ``APIError/Code/invalidCode`` for an unknown, expired or spent code and
  /// ``APIError/Code/rateLimited`` after too many failures.
  func pair(code: String, name: String) async throws(APIError) -> (Device, String) {
    let now = ContinuousClock.now
    let token = Self.randomToken()
    let device = try state.withLock { state throws(APIError) -> Device in
      state.failures = state.failures.filter { now - $0 < Self.failureWindow }
      if state.failures.count >= Self.maximumFailures, let oldest = state.failures.first {
        let wait = Self.failureWindow - (now - oldest)
        let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
        throw APIError(
          .rateLimited, "too many pairing attempts; try again in \(seconds) s", retryAfter: seconds)
      }
      let key = PairingCode.normalized(code)
      guard let expiry = state.codes.removeValue(forKey: key), expiry > now else {
        state.failures.append(now)
        throw APIError(
          .invalidCode, "the pairing code is unknown, expired or already used; run remotectl pair again")
      }
      var id = Self.randomID()
      while state.devices.contains(where: { $0.device.id == id }) { id = Self.randomID() }
      let millis = PositionClock.now()
      let device = Device(id: id, name: name, pairedAt: millis, lastSeen: millis)
      state.devices.append(
        StoredDevice(
          device: device, tokenDigest: SHA256.hash(data: Array(token.utf8)).hexadecimal, savedLastSeen: millis
        ))
      return device
    }
    await save()
    return (device, token)
  }

  // MARK: - Devices

  /// The device that holds `token`, if any; notes that it was seen.
  func device(token: String) -> Device? {
    let digest = SHA256.hash(data: Array(token.utf8)).hexadecimal
    let now = PositionClock.now()
    let (device, stale) = state.withLock { state -> (Device?, Bool) in
      guard let index = state.devices.firstIndex(where: { ConstantTime.equal($0.tokenDigest, digest) }) else {
        return (nil, false)
      }
      state.devices[index].device.lastSeen = now
      return (state.devices[index].device, now - state.devices[index].savedLastSeen > 60_000)
    }
    if stale { Task { await self.save() } }
    return device
  }

  /// The paired devices, in pairing order.
  package func devices() -> [Device] {
    state.withLock { $0.devices.map(\.device) }
  }

  /// Revokes the device `id`: its token stops working and its sockets close. Returns whether
  /// there was such a device.
  @discardableResult
  package func revoke(id: String) async -> Bool {
    let removed = state.withLock { state -> Bool in
      let count = state.devices.count
      state.devices.removeAll { $0.device.id == id }
      return state.devices.count != count
    }
    guard removed else { return false }
    await save()
    for observer in revocationObservers.withLock({ $0 }) { observer(id) }
    return true
  }

  /// Calls `observer` with the id of every device revoked from now on.
  func observeRevocations(_ observer: @escaping @Sendable (String) -> Void) {
    revocationObservers.withLock { $0.append(observer) }
  }

  // MARK: - Storage

  /// Writes `devices.json` (through a temporary file and a rename), mode 0600 in a 0700 folder.
  private func save() async {
    let (text, seen) = state.withLock { state -> (String, [(String, Int64)]) in
      let entries = state.devices.map { stored in
        JSONValue.object([
          ("id", .string(stored.device.id)), ("name", .string(stored.device.name)),
          ("tokenSHA256", .string(stored.tokenDigest)), ("pairedAt", .integer(stored.device.pairedAt)),
          ("lastSeen", .integer(stored.device.lastSeen)),
        ])
      }
      return (
        JSONValue.object([("devices", .array(entries))]).text + "\n",
        state.devices.map { ($0.device.id, $0.device.lastSeen) }
      )
    }
    let directory = directory
    let written = await BlockingIO.run { () -> Bool in
      let manager = FileManager.default
      do {
        try manager.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = directory + "/.devices.json.new"
        guard
          manager.createFile(
            atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else { return false }
        _ = rename(temporary, directory + "/devices.json")
        return true
      } catch {
        return false
      }
    }
    guard written else { return }
    state.withLock { state in
      for (id, lastSeen) in seen {
        if let index = state.devices.firstIndex(where: { $0.device.id == id }) {
          state.devices[index].savedLastSeen = lastSeen
        }
      }
    }
  }

  // MARK: - Randomness

  /// 32 random bytes, base64url without padding.
  private static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// Five random bytes in hexadecimal.
  private static func randomID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<5).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexadecimal
  }
}
