import BusTestSupport
import Foundation
import Testing

/// The hub's Bluetooth part against a double of bluetoothd (``BlueZDouble``: python3-dbusmock's
/// `bluez5` template with what bluetoothd 5.66 has and it lacks, on a private system bus; the
/// kernel here has no Bluetooth, so bluetoothd itself cannot run), with real players on a private
/// session bus.
@Suite(
  "The hub and Bluetooth", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct BluetoothTests {
  static let interface = "io.github.swift_remote_control.Bluetooth1"

  /// A session bus, a private system bus with the BlueZ double on it (no adapter yet), and the
  /// hub on both; all stop after `body`.
  static func withBlueZ(
    _ body: (PrivateBus, BlueZDouble, ConfiguredBus) async throws -> Void
  ) async throws {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    let double: BlueZDouble
    do {
      double = try await BlueZDouble.start(on: system)
    } catch {
      await system.stop()
      await bus.stop()
      throw error
    }
    var holder = [double]
    do {
      try await body(bus, double, system)
    } catch {
      let log = (try? Self.log(of: bus)) ?? ""
      await holder[0].stop()
      await bus.stop()
      await system.stop()
      throw TestFailure(
        "\(error)\nthe hub's log:\n\(log)\nthe double's:\n\(holder[0].process.standardOutput)")
    }
    await holder[0].stop()
    await bus.stop()
    await system.stop()
    holder.removeAll()
  }

  static func startHub(on bus: PrivateBus, system: ConfiguredBus) async throws {
    try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
  }

  static func log(of bus: PrivateBus) throws -> String {
    try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
  }

  /// The hub's `Bluetooth1.Adapters`.
  static func adapters(on bus: PrivateBus) async throws -> [String] {
    try await bus.strings(PrivateBus.hubName, interface, "Adapters")
  }

  /// The hub's `Bluetooth1.Reason`.
  static func reason(on bus: PrivateBus) async throws -> String {
    try await bus.strings(PrivateBus.hubName, interface, "Reason").first ?? ""
  }

  @Test func `the hub sees every adapter's Media1, one added after it, and again after bluetoothd restarts`()
    async throws
  {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      try await eventually("the hub to see hci0", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      #expect(try await Self.reason(on: bus) == "")

      try await double.addAdapter("hci1")
      try await eventually("the hub to see hci1 too", { try await Self.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0", "/org/bluez/hci1"]
      }

      // bluetoothd crashes: the hub says so, and sees the adapters of the one that comes back.
      await double.kill()
      try await eventually("the hub to say bluetoothd left", { try await Self.reason(on: bus) }) {
        $0.contains("bluetoothd (org.bluez) is not on the system bus")
      }
      #expect(try await Self.adapters(on: bus) == [])
      let again = try await BlueZDouble.start(on: system)
      defer { _ = again }
      do {
        try await again.addAdapter("hci2")
        try await eventually(
          "the hub to see the new bluetoothd's adapter", { try await Self.adapters(on: bus) }
        ) {
          $0 == ["/org/bluez/hci2"]
        }
      } catch {
        await again.stop()
        throw error
      }
      await again.stop()
    }
  }

  @Test func `no system bus: one log line, said on the bus, and the players are served as before`()
    async throws
  {
    let bus = try await PrivateBus.start()
    do {
      let missing = "unix:path=\(bus.directory.path)/no-system-bus"
      try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": missing])
      try await bus.startBinaural("one")
      try await eventually("the hub to list binaural", { try await bus.hubPlayers() }) { $0 == ["one"] }
      let reason = try await eventually(
        "the hub to say why Bluetooth is off", { try await Self.reason(on: bus) }
      ) {
        $0.hasPrefix("no system bus")
      }
      #expect(reason.contains("Bluetooth devices do not see the Now Playing player"), "\(reason)")
      let log = try Self.log(of: bus)
      #expect(log.components(separatedBy: "Bluetooth devices do not see").count - 1 == 1, "\(log)")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  @Test func `no bluetoothd on the system bus: one log line, and the hub sees it when it comes`() async throws
  {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    do {
      try await Self.startHub(on: bus, system: system)
      try await eventually("the hub to say bluetoothd is not there", { try await Self.reason(on: bus) }) {
        $0.hasPrefix("bluetoothd (org.bluez) is not on the system bus")
      }
      let double = try await BlueZDouble.start(on: system)
      do {
        try await double.addAdapter("hci0")
        try await eventually("the hub to see hci0", { try await Self.adapters(on: bus) }) {
          $0 == ["/org/bluez/hci0"]
        }
        #expect(try await Self.reason(on: bus) == "")
        let log = try Self.log(of: bus)
        #expect(log.components(separatedBy: "is not on the system bus").count - 1 == 1, "\(log)")
      } catch {
        await double.stop()
        throw error
      }
      await double.stop()
    } catch {
      await bus.stop()
      await system.stop()
      throw error
    }
    await bus.stop()
    await system.stop()
  }

  @Test func `a device player with ill-typed properties is logged and the hub serves on`() async throws {
    try await Self.withBlueZ { bus, double, system in
      try await double.addAdapter("hci0")
      try await Self.startHub(on: bus, system: system)
      let phone = try await double.addDevice("11:22:33:44:55:66", alias: "Phone")
      try await double.addPlayer(
        device: phone, "{'Name': <int32 7>, 'Status': <'playing'>, 'Track': <'none'>}")
      try await eventually("the hub to log the ill-typed properties") {
        let log = try Self.log(of: bus)
        return log.contains("property=Name") && log.contains("property=Track") && log.contains("ill-typed")
      }
      try await bus.startBinaural("one")
      try await eventually("the hub to list binaural", { try await bus.hubPlayers() }) { $0 == ["one"] }
    }
  }
}
