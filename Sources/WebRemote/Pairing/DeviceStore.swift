import BlockingIOPool
import Crypto
import FoundationEssentials
import Glibc
import HubSupport
import RemoteControl
import Synchronization

/// The paired devices and the pairings not yet spent: codes are single use and valid for 60 s,
/// failed attempts are rate limited, and each device's key, which the hub needs to check its
/// signatures, is kept in `devices.json` under the state directory (mode 0600 in a 0700
/// folder). Devices paired before requests were signed have no key: only the SHA-256 of their
/// token, which works as `Authorization: Bearer` on loopback alone.
package final class DeviceStore: Sendable {
  /// How many failed pairing attempts are allowed within ``failureWindow``, all clients together.
  package static let maximumFailures = 5
  /// The window failed attempts are counted in.
  package static let failureWindow = Duration.seconds(60)

  private struct StoredDevice: Sendable {
    var device: Device
    /// The key it signs with (base64url); `nil` for a device paired with a token.
    var key: String?
    /// The SHA-256 of the token of a device paired before requests were signed.
    var tokenDigest: String?
    var savedLastSeen: Int64
  }

  private struct Pending: Sendable {
    var key: String
    var expiry: ContinuousClock.Instant
  }

  private struct State: Sendable {
    var devices: [StoredDevice] = []
    var codes: [String: Pending] = [:]
    var failures: [ContinuousClock.Instant] = []
  }

  /// The folder of `devices.json`.
  package let directory: String
  private let state: Mutex<State>
  private let revocationObservers = Mutex(ObserverList<@Sendable (String) -> Void>())

  /// `$XDG_STATE_HOME/remotectld`, or `~/.local/state/remotectld` when the variable is unset
  /// or not an absolute path.
  package static func defaultDirectory() -> String {
    defaultDirectory(environment: ProcessInfo.processInfo.environment)
  }

  /// The state directory that `environment` names, as ``defaultDirectory()`` reads it.
  package static func defaultDirectory(environment: [String: String]) -> String {
    BaseDirectory.state.path(in: environment) + "/remotectld"
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
      let key = entry["key"]?.stringValue
      let digest = entry["tokenSHA256"]?.stringValue
      guard let id = entry["id"]?.stringValue, key != nil || digest != nil else {
        throw APIError(
          .unavailable, "\(path) has a device without \"id\", or with neither \"key\" nor \"tokenSHA256\"")
      }
      let lastSeen = Int64(entry["lastSeen"]?.doubleValue ?? 0)
      devices.append(
        StoredDevice(
          device: Device(
            id: id, name: entry["name"]?.stringValue ?? id,
            pairedAt: Int64(entry["pairedAt"]?.doubleValue ?? 0),
            lastSeen: lastSeen),
          key: key, tokenDigest: digest, savedLastSeen: lastSeen))
    }
    return DeviceStore(directory: directory, devices: devices)
  }

  // MARK: - Pairing

  /// A new single-use pairing, valid for `validity` (``PairingCode/validity-swift.type.property``
  /// unless a test needs a code that expires sooner).
  package func newCode(validFor validity: Duration = PairingCode.validity) -> PairingCode {
    var code = PairingCode.random()
    code.validity = validity
    let now = ContinuousClock.now
    state.withLock { state in
      state.codes = state.codes.filter { $0.value.expiry > now }
      state.codes[PairingCode.normalized(code.text)] = Pending(key: code.key, expiry: now + code.validity)
    }
    return code
  }

  /// Spends the pairing `code` for a new device called `name`, once `proof` has checked that
  /// the request was signed with the pairing's key (it is called outside the store's lock, and
  /// throws why not). Throws ``APIError/Code/invalidCode`` for an unknown, expired or spent
  /// code, `proof`'s error for a wrong proof (both count as failed attempts), and
  /// ``APIError/Code/rateLimited`` after too many failures.
  func pair(code: String, name: String, proof: (_ key: [UInt8]) throws(APIError) -> Void)
    async throws(APIError)
    -> Device
  {
    let key = PairingCode.normalized(code)
    let now = ContinuousClock.now
    let pendingKey = try state.withLock { state throws(APIError) -> String in
      state.failures = state.failures.filter { now - $0 < Self.failureWindow }
      if state.failures.count >= Self.maximumFailures, let oldest = state.failures.first {
        let wait = Self.failureWindow - (now - oldest)
        let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
        throw APIError(
          .rateLimited, "too many pairing attempts; try again in \(seconds) s", retryAfter: seconds)
      }
      guard let pending = state.codes[key], pending.expiry > now else {
        state.failures.append(now)
        throw Self.spent
      }
      return pending.key
    }
    do throws(APIError) {
      guard let keyBytes = Base64URL.decode(pendingKey) else { throw Self.spent }
      try proof(keyBytes)
    } catch {
      state.withLock { $0.failures.append(now) }
      throw error
    }
    let device = try state.withLock { state throws(APIError) -> Device in
      // Spent now, unless a request with the same proof got here first.
      guard state.codes.removeValue(forKey: key) != nil else { throw Self.spent }
      var id = Self.randomID()
      while state.devices.contains(where: { $0.device.id == id }) { id = Self.randomID() }
      let millis = PositionClock.now()
      let device = Device(id: id, name: name, pairedAt: millis, lastSeen: millis)
      state.devices.append(
        StoredDevice(device: device, key: pendingKey, tokenDigest: nil, savedLastSeen: millis))
      return device
    }
    await save()
    return device
  }

  private static let spent = APIError(
    .invalidCode, "the pairing code is unknown, expired or already used; run remotectl pair again")

  // MARK: - Devices

  /// The device `id` and the key it signs with; notes that it was seen. `nil` for an unknown
  /// or revoked device, and for one paired with a token (it has no key).
  func signingKey(id: String) -> (Device, [UInt8])? {
    let found = seen { $0.device.id == id && $0.key != nil }
    guard let (device, stored) = found, let text = stored.key, let key = Base64URL.decode(text) else {
      return nil
    }
    return (device, key)
  }

  /// The device whose key, or whose token (paired before requests were signed), is `bearer`;
  /// notes that it was seen.
  func device(bearer: String) -> Device? {
    let digest = SHA256.hash(data: Array(bearer.utf8)).hexadecimal
    return seen { stored in
      if let key = stored.key { return ConstantTime.equal(key, bearer) }
      return stored.tokenDigest.map { ConstantTime.equal($0, digest) } ?? false
    }?.0
  }

  /// The first device `matches` accepts, its `lastSeen` made now (and saved within a minute).
  private func seen(_ matches: (StoredDevice) -> Bool) -> (Device, StoredDevice)? {
    let now = PositionClock.now()
    let (found, stale) = state.withLock { state -> ((Device, StoredDevice)?, Bool) in
      guard let index = state.devices.firstIndex(where: matches) else { return (nil, false) }
      state.devices[index].device.lastSeen = now
      return (
        (state.devices[index].device, state.devices[index]), now - state.devices[index].savedLastSeen > 60_000
      )
    }
    if stale { Task { await self.save() } }
    return found
  }

  /// The paired devices, in pairing order.
  package func devices() -> [Device] {
    state.withLock { $0.devices.map(\.device) }
  }

  /// Revokes the device `id`: its key (or token) stops working and its sockets close. Returns whether
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

  /// Calls `observer` with the id of every device revoked from now on, for as long as the store
  /// lives (the web remote that owns it observes it).
  func observeRevocations(_ observer: @escaping @Sendable (String) -> Void) {
    _ = revocationObservers.withLock { $0.add(observer) }
  }

  // MARK: - Storage

  /// Writes `devices.json` (through a temporary file and a rename: ``AtomicFile``), mode 0600 in a
  /// 0700 folder.
  private func save() async {
    let (text, seen) = state.withLock { state -> (String, [(String, Int64)]) in
      let entries = state.devices.map { stored in
        var members: [(String, JSONValue)] = [
          ("id", .string(stored.device.id)), ("name", .string(stored.device.name)),
        ]
        if let key = stored.key { members.append(("key", .string(key))) }
        if let digest = stored.tokenDigest { members.append(("tokenSHA256", .string(digest))) }
        members += [
          ("pairedAt", .integer(stored.device.pairedAt)), ("lastSeen", .integer(stored.device.lastSeen)),
        ]
        return JSONValue.object(members)
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
        try AtomicFile.write(Data(text.utf8), toPath: directory + "/devices.json")
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

  /// Five random bytes in hexadecimal.
  private static func randomID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<5).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexadecimal
  }
}
