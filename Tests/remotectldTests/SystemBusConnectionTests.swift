import BusTestSupport
import DBus
import Foundation
import HubAPI
import Logging
import Testing

@testable import HubCore
@testable import remotectld

/// The hub's one system-bus connection, shared by its parts on its bus thread, and the bus
/// daemon asked once per new player: in process, and the hub run as a program beside the BlueZ
/// double (``BlueZDouble``: bluetoothd cannot run here) on a private system bus.
@Suite(
  "One system-bus connection, one process question per player", .serialized, .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct SystemBusConnectionTests {
  @Test func `every part gets the same system-bus connection, served on the hub's bus thread`() async throws {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    let thread = try ConnectionThread()
    defer { thread.stop() }
    let logger = Logger(label: "SystemBusConnectionTests")
    let hubConnection = try await Connection.connect(.address(bus.address), on: thread)
    let systemBus = SystemBusConnection(address: .address(system.address), thread: thread, logger: logger)
    // Asked by three parts at once, as the hub's parts start together.
    async let first = systemBus.connection()
    async let second = systemBus.connection()
    async let third = systemBus.connection()
    let connections = try await [first, second, third]
    #expect(connections.allSatisfy { $0 === connections[0] })
    let threadID = try #require(hubConnection.threadID)
    #expect(connections[0].threadID == threadID)
    // One connection of this process on the system bus, though three asked.
    let outside = try await Connection.connect(.address(system.address))
    defer { outside.close() }
    var ours = 0
    for name in try await outside.listNames() where name.isUnique && name != outside.uniqueName {
      if try await outside.processID(of: name) == getpid() { ours += 1 }
    }
    #expect(ours == 1)
    systemBus.close()
    let error = await #expect(throws: BusError.self) { try await systemBus.connection() }
    #expect(error?.name == .disconnected)
    hubConnection.close()
    await system.stop()
    await bus.stop()
  }

  @Test func `without a system bus every part hears the same failure, tried once`() async throws {
    let thread = try ConnectionThread()
    defer { thread.stop() }
    let systemBus = SystemBusConnection(
      address: .address("unix:path=/nonexistent/remotectld-system-bus"), thread: thread,
      logger: Logger(label: "SystemBusConnectionTests"))
    defer { systemBus.close() }
    let first = await #expect(throws: BusError.self) { _ = try await systemBus.connection() }
    // Not connecting again: the same outcome.
    let second = await #expect(throws: BusError.self) { _ = try await systemBus.connection() }
    #expect(first != nil && first == second)
  }

  @Test(.enabled(if: HubTools.canRun))
  func `the hub holds one system-bus connection and asks the bus once for a new player's process`()
    async throws
  {
    try await BluetoothTests.withBlueZ { bus, double, system in
      // An adapter: the Bluetooth rule on device players follows the session's players too, and
      // asked for each new player's process of its own before.
      try await double.addAdapter("hci0")
      try await BluetoothTests.startHub(on: bus, system: system)
      try await eventually("the hub to see hci0", { try await BluetoothTests.adapters(on: bus) }) {
        $0 == ["/org/bluez/hci0"]
      }
      let session = try await Connection.connect(.address(bus.address))
      defer { session.close() }
      let hub = try await session.processID(of: try BusName(PrivateBus.hubName))

      // Every GetConnectionUnixProcessID on the session bus, and the markers.
      let monitor = try bus.start(
        "dbus-monitor",
        [
          "--address", bus.address, "type='method_call',member='GetConnectionUnixProcessID'",
          "type='method_call',member='GetId'",
        ])
      _ = try await monitor.line(within: .seconds(10)) { $0.contains("member=NameAcquired") }
      try await bus.startBinaural("binaural")
      let player = try #require(try await session.nameOwner(of: "org.mpris.MediaPlayer2.binaural"))
      // A candidate once the rules know its process is no device's (it is held back until then).
      try await eventually(
        "the hub to list binaural",
        { try await bus.strings(PrivateBus.hubName, PrivateBus.hubInterface, Hub1.Property.players) }
      ) { $0.contains("org.mpris.MediaPlayer2.binaural") }
      // Whatever the hub asked of the bus before it listed the player is before this marker.
      try await bus.busctl(
        "call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId")
      _ = try await monitor.line(within: .seconds(10)) { $0.contains("member=GetId") }
      let lines = monitor.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let asked = lines.indices.filter { index in
        lines[index].hasPrefix("method call") && lines[index].contains("member=GetConnectionUnixProcessID")
          && index + 1 < lines.count && lines[index + 1].contains("\"\(player.rawValue)\"")
      }
      #expect(asked.count == 1, "\(monitor.standardOutput)")

      // The hub's connections on the system bus: the Bluetooth part's, the system bus's players'
      // and logind's are one.
      let outside = try await Connection.connect(.address(system.address))
      defer { outside.close() }
      var ours: [BusName] = []
      for name in try await outside.listNames() where name.isUnique {
        do {
          if try await outside.processID(of: name) == hub { ours.append(name) }
        } catch let error as BusError where error.name == .nameHasNoOwner {
          // It left between the list and the question.
        }
      }
      #expect(ours.count == 1, "the hub's connections on the system bus: \(ours)")
    }
  }
}
