import BusTestSupport
import Foundation

/// A double of bluetoothd (`org.bluez`) on a private system bus: `BlueZ/bluez_double.py`, Debian's
/// python3-dbusmock `bluez5` template given what bluetoothd 5.66 has and the template lacks
/// (`Media1.RegisterPlayer`/`UnregisterPlayer`, `SupportedUUIDs`, adapters announced with all
/// their interfaces, devices' `MediaPlayer1` and `MediaTransport1`, no-reply calls on the
/// registered player), each behaviour written from the BlueZ source the file cites.
///
/// It is a double, not bluetoothd: the kernel on these machines has no Bluetooth and no
/// `/dev/vhci`, so bluetoothd cannot run. The test drives it over `org.bluez.Mock` with `gdbus`.
struct BlueZDouble: Sendable {
  /// The script, beside this file.
  static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("BlueZ/bluez_double.py").path

  /// The system bus it serves on.
  let systemBus: ConfiguredBus
  let process: ChildProcess

  /// Starts the double on `systemBus` and returns once it owns `org.bluez`.
  static func start(on systemBus: ConfiguredBus) async throws -> BlueZDouble {
    let process = try ChildProcess(
      PythonPlayers.python, ["-m", "dbusmock", "--system", "-t", template],
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address])
    let double = BlueZDouble(systemBus: systemBus, process: process)
    do {
      try await eventually("the BlueZ double to own org.bluez") {
        try await systemBus.processIdentifier(of: "org.bluez") == process.processIdentifier
      }
    } catch {
      _ = await process.terminate()
      throw TestFailure("\(error)\nthe double's output: \(process.standardOutput)\n\(process.standardError)")
    }
    return double
  }

  /// Calls `org.bluez.Mock.<method>` (or `interface.method` given whole) at `path` with GVariant
  /// texts as arguments; returns gdbus's printed reply.
  @discardableResult
  func call(_ method: String, _ arguments: [String] = [], path: String = "/") async throws -> String {
    let member = method.contains(".") ? method : "org.bluez.Mock.\(method)"
    let result = try await ChildProcess.run(
      "gdbus",
      [
        "call", "--address", systemBus.address, "--dest", "org.bluez", "--object-path", path, "--method",
        member,
      ]
        + arguments)
    guard result.status == 0 else { throw TestFailure("\(member) on the BlueZ double failed: \(result)") }
    return result.output
  }

  /// Adds adapter `name` (`hci0`) with `org.bluez.Media1`; returns its path.
  @discardableResult
  func addAdapter(_ name: String) async throws -> String {
    try await firstString(call("AddAdapter", [name, "computer-\(name)"]))
  }

  /// Adds a device `alias` at `address` on adapter `adapter`; returns its path.
  @discardableResult
  func addDevice(_ address: String, alias: String, adapter: String = "hci0") async throws -> String {
    try await firstString(call("AddDevice", [adapter, address, alias]))
  }

  /// Adds a device's own player with `properties` (a GVariant `a{sv}` text); returns its path.
  @discardableResult
  func addPlayer(device: String, _ properties: String) async throws -> String {
    try await firstString(call("AddMediaPlayer", [device, properties]))
  }

  /// Adds a transport of `uuid` in `state` to or from `device`; returns its path.
  @discardableResult
  func addTransport(device: String, uuid: String, state: String) async throws -> String {
    try await firstString(call("AddMediaTransport", [device, uuid, state]))
  }

  /// Sets and announces `properties` (a GVariant `a{sv}` text) of `interface` at `path`.
  func change(_ path: String, _ interface: String, _ properties: String) async throws {
    try await call("ChangeProperties", [path, interface, properties])
  }

  /// How often the device player at `path` was called `method`.
  func calls(_ method: String, on path: String) async throws -> Int {
    let output = try await call("org.freedesktop.DBus.Mock.GetMethodCalls", [method], path: path)
    return output.components(separatedBy: "(uint64").count - 1
  }

  /// One adapter's registered players, in bluetoothd's order.
  struct Adapter: Decodable, Sendable {
    struct Player: Decodable, Sendable {
      var sender: String
      var path: String
      /// The PlaybackStatus registered, as later PropertiesChanged updated it.
      var status: String? { properties["PlaybackStatus"]?.text }
      /// `xesam:title` of the Metadata registered, as later PropertiesChanged updated it.
      var title: String? {
        if case .object(let metadata)? = properties["Metadata"] { metadata["xesam:title"]?.text } else { nil }
      }
      var properties: [String: JSON]
      var signals: Int
    }
    var players: [Player]
    /// The successful RegisterPlayer calls on it.
    var calls: Int
    /// The successful UnregisterPlayer calls on it.
    var unregistered: Int
  }

  /// A JSON value of the double's report.
  indirect enum JSON: Decodable, Sendable {
    case text(String)
    case number(Double)
    case flag(Bool)
    case list([JSON])
    case object([String: JSON])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Bool.self) {
        self = .flag(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .text(value)
      } else if let value = try? container.decode([JSON].self) {
        self = .list(value)
      } else {
        self = .object(try container.decode([String: JSON].self))
      }
    }

    var text: String? { if case .text(let text) = self { text } else { nil } }
  }

  /// Every adapter's registrations, by adapter path.
  func registrations() async throws -> [String: Adapter] {
    let json = try await firstString(call("Registrations"))
    return try JSONDecoder().decode([String: Adapter].self, from: Data(json.utf8))
  }

  /// Sends the adapter's first registered player `member` with no reply expected, as bluetoothd
  /// does for a car's press; returns the unique name it went to (empty for none).
  @discardableResult
  func press(_ member: String, adapter: String = "/org/bluez/hci0") async throws -> String {
    try await firstString(call("SendToPlayer", [adapter, member]))
  }

  /// Makes RegisterPlayer on `adapter` fail with `error` (none when empty).
  func failRegistrations(on adapter: String, with error: String) async throws {
    try await call("FailMedia1", [adapter, error])
  }

  /// Ends the double as a crash of bluetoothd would.
  func kill() async {
    process.kill()
    _ = try? await process.waitForExit(within: .seconds(5))
  }

  func stop() async {
    _ = await process.terminate()
  }

  /// The first string of gdbus's printed reply, with gdbus's escapes of `'` and `\` undone.
  private func firstString(_ output: String) throws -> String {
    guard let start = output.firstIndex(where: { $0 == "'" || $0 == "\"" }) else {
      throw TestFailure("no string in \(output)")
    }
    let quote = output[start]
    var result = ""
    var index = output.index(after: start)
    while index < output.endIndex, output[index] != quote {
      if output[index] == "\\" { index = output.index(after: index) }
      result.append(output[index])
      index = output.index(after: index)
    }
    return result
  }
}
