import BusTestSupport
import Foundation

/// A double of bluetoothd (`org.bluez`) on a private system bus: `BlueZ/bluez_double.py`, Debian's
/// python3-dbusmock `bluez5` template given what bluetoothd 5.66 has and the template lacks
/// (`Media1.RegisterPlayer`/`UnregisterPlayer` with media.c's type checks, a `PropertiesChanged`
/// parsed up to its first refused entry, the player named by `Identity`, what a car shows, a car's
/// settings as `Properties.Set`, `SupportedUUIDs`, adapters announced and removed with all their
/// interfaces, devices' `MediaPlayer1` and `MediaTransport1` starting idle, no-reply calls on the
/// registered player), each behaviour written from the BlueZ source the file cites. Its header lists
/// what still differs from bluetoothd and the real-bluetoothd test that covers it.
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

  /// One adapter's registered players, in bluetoothd's order, and what a car there shows.
  struct Adapter: Decodable, Sendable {
    /// A registered player as bluetoothd keeps it (media.c `struct media_player`), filled only by
    /// what its parsing accepted.
    struct Player: Decodable, Sendable {
      var sender: String
      var path: String
      /// The entries bluetoothd accepted, as they were sent, by name.
      var properties: [String: JSON]
      /// The PlaybackStatus bluetoothd holds.
      var status: String?
      /// The track bluetoothd holds (`Title`, `Artist`, `Album`, `Genre`, `Duration`, `TrackNumber`).
      var track: [String: String]?
      /// The player's settings: `Shuffle` (off, alltracks), `Repeat` (off, singletrack, alltracks).
      var settings: [String: String]
      /// CanPlay, CanPause, CanGoNext, CanGoPrevious, CanControl as bluetoothd holds them.
      var flags: [String: Bool]
      /// Its name: `Identity`, else "Player".
      var name: String
      /// The PropertiesChanged it got.
      var signals: Int
      /// The entries at which the parsing of a PropertiesChanged stopped, in order.
      var refused: [String]
      /// The title bluetoothd holds.
      var title: String? { track?["Title"] }
    }
    /// What a car connected to the adapter shows: the first player's track as it was at its last
    /// TRACK_CHANGED, its status at its last STATUS_CHANGED, and its name.
    struct Car: Decodable, Sendable, Equatable {
      var title: String?
      var artist: String?
      var album: String?
      var status: String?
      var name: String
    }
    var players: [Player]
    /// The successful RegisterPlayer calls on it.
    var calls: Int
    /// The RegisterPlayer calls refused as ill-typed.
    var refused: Int
    /// The successful UnregisterPlayer calls on it.
    var unregistered: Int
    /// What a car there shows, `nil` with no player registered.
    var car: Car?
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

  /// What a car connected to `adapter` shows, `nil` with no player registered there.
  func car(adapter: String = "/org/bluez/hci0") async throws -> Adapter.Car? {
    try await registrations()[adapter]?.car
  }

  /// The first player registered on `adapter`, the one bluetoothd serves a car there from (the
  /// hub's, when it registered first); `nil` with none.
  func firstPlayer(adapter: String = "/org/bluez/hci0") async throws -> Adapter.Player? {
    try await registrations()[adapter]?.players.first
  }

  /// Waits until what `seen` reads of `adapter`'s report (`\.car`: what a car there shows;
  /// `\.players.first`: the player a car is served from) meets `condition`, a bounded poll of the
  /// double's report with `what` in the failure, and returns it.
  @discardableResult
  func waitFor<Seen: Sendable>(
    _ what: String, _ seen: KeyPath<Adapter, Seen?>, adapter: String = "/org/bluez/hci0",
    within timeout: Duration = .seconds(10), until condition: (Seen?) -> Bool
  ) async throws -> Seen? {
    try await eventually(
      what, within: timeout, { try await registrations()[adapter]?[keyPath: seen] }, until: condition)
  }

  /// Adds adapter `hci0`, starts `start` (the hub, on the session bus and the double's system
  /// bus), and waits until the hub's player is registered there: a car connected to hci0 is then
  /// served from the hub. Returns that player.
  @discardableResult
  func startCar(hub start: () async throws -> Void) async throws -> Adapter.Player? {
    try await addAdapter("hci0")
    try await start()
    return try await waitFor("the hub to register with hci0", \.players.first) { $0 != nil }
  }

  /// Sends the adapter's first registered player a car's setting, as bluetoothd does (a
  /// `Properties.Set` of `Shuffle` or `LoopStatus`, no reply expected): `key` `Shuffle` or
  /// `Repeat`, `value` AVRCP's (`off`, `alltracks`, `singletrack`, `group`). Returns the unique
  /// name it went to, `EINVAL` when the player never said that setting, empty when nothing was sent.
  @discardableResult
  func setPlayerSetting(_ key: String, _ value: String, adapter: String = "/org/bluez/hci0") async throws
    -> String
  {
    try await firstString(call("SetPlayerSetting", [adapter, key, value]))
  }

  /// Removes adapter `name` (`hci0`) with its devices and registered players, as bluetoothd does
  /// when its controller goes.
  func removeAdapter(_ name: String) async throws {
    try await call("RemoveAdapterAnnounced", [name])
  }

  /// Makes every adapter refuse `property` whatever its value, as a bluetoothd stricter than 5.66
  /// would.
  func refuse(_ property: String) async throws {
    try await call("RefuseProperty", [property])
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
