import BusTestSupport
import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import ServiceLifecycle
import Synchronization
import Testing

@testable import HubAirPlay
@testable import HubAudioSession
@testable import HubCore
@testable import remotectld

/// The registry of relays and the hub's rules on who may be Now Playing, in process.
@Suite("Relays and the rules on who may be Now Playing", .timeLimit(.minutes(1)))
struct RelayRegistryTests {
  static let owner: BusName = ":1.42"
  static let player = Relayed.SystemBusPlayer(
    busName: "org.mpris.MediaPlayer2.ShairportSync", owner: ":1.7",
    processID: 1234, isControllable: false, isStreaming: false)

  @Test func `the registry answers what a relay relays and tells its observers each change once`() {
    let registry = RelayRegistry()
    let told = Mutex<[RelayRegistry.Change]>([])
    registry.observe { change in told.withLock { $0.append(change) } }
    #expect(registry.relayed(by: Self.owner) == nil)

    registry.set(.systemBusPlayer(Self.player), for: Self.owner)
    registry.set(.systemBusPlayer(Self.player), for: Self.owner)
    var streaming = Self.player
    streaming.isStreaming = true
    registry.set(.systemBusPlayer(streaming), for: Self.owner)
    registry.set(nil, for: Self.owner)

    let changes = told.withLock { $0 }
    #expect(changes.map(\.relayed) == [.systemBusPlayer(Self.player), .systemBusPlayer(streaming), nil])
    #expect(changes.map(\.before) == [nil, .systemBusPlayer(Self.player), .systemBusPlayer(streaming)])
    #expect(registry.relayed(by: Self.owner) == nil)
    #expect(Self.player.isAirPlayReceiver)
  }

  @Test func `two rules compose: a player is eligible only when neither holds it back`() async throws {
    let bus = try await PrivateBus.start()
    let thread = try ConnectionThread()
    let connection: Connection
    do {
      connection = try await Connection.connect(.address(bus.address), on: thread)
    } catch {
      thread.stop()
      await bus.stop()
      throw error
    }
    let logger = Logger(label: "RelayRegistryTests")
    let filter = CandidateFilter()
    let hub = HubCore.Hub(
      view: PlayerView(connection: connection, logger: logger) { filter.admits($0.rawValue) }, filter: filter,
      logger: logger)
    let events = await withCheckedContinuation { continuation in
      _ = connection.perform {
        let owner = Self.owner
        let steps = [
          hub.eligibility(of: owner, by: "Bluetooth", isEligible: false),
          hub.eligibility(of: owner, by: "AirPlay", isEligible: false),
          hub.eligibility(of: owner, by: "Bluetooth", isEligible: true),
          hub.eligibility(of: owner, by: "AirPlay", isEligible: false),
          hub.eligibility(of: owner, by: "AirPlay", isEligible: true),
        ]
        continuation.resume(returning: steps.map { $0.map { "\($0)" } })
      }
    }
    connection.close()
    thread.stop()
    await bus.stop()
    let held = "\(Arbiter.Event.eligibilityChanged(owner: Self.owner.rawValue, isEligible: false))"
    let lifted = "\(Arbiter.Event.eligibilityChanged(owner: Self.owner.rawValue, isEligible: true))"
    // Held back by the first rule; the second's hold and the first's lift change nothing; the
    // second's lift makes it eligible.
    #expect(events == [held, nil, nil, nil, lifted])
  }

  @Test(.enabled(if: HubTools.canRun), .timeLimit(.minutes(1)))
  func `the system-bus part enters each relay with its process and what shairport-sync says`() async throws {
    let bus = try await PrivateBus.start()
    let system = try await ConfiguredBus.start(.system, in: bus.directory)
    let thread = try ConnectionThread()
    let logger = Logger(label: "RelayRegistryTests")
    var receiver: SystemBusPlayer?
    do {
      let connection = try await Connection.connect(.address(bus.address), on: thread)
      let filter = CandidateFilter()
      let hub = HubCore.Hub(
        view: PlayerView(connection: connection, logger: logger) { filter.admits($0.rawValue) },
        filter: filter,
        logger: logger)
      let systemBus = SystemBusConnection(address: .address(system.address), thread: thread, logger: logger)
      defer { systemBus.close() }
      // Not run: its own system-bus connection never connects.
      let session = AudioSessionService(
        hub: hub, options: AudioSessionOptions(),
        systemBus: SystemBusConnection(thread: thread, logger: logger), logger: logger)
      let part = SystemBusService(
        commands: CommandPath(hub: hub, audioSession: session, logger: logger), thread: thread,
        sessionAddress: .address(bus.address), systemBus: systemBus,
        status: SystemBusStatus(), logger: logger)
      let group = ServiceGroup(configuration: .init(services: [part], logger: logger))
      try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        let started = try await SystemBusPlayer.start(
          "ShairportSync", [.shairport], system: system, session: bus)
        receiver = started
        let relayed = { () -> Relayed.SystemBusPlayer? in
          guard case .systemBusPlayer(let player)? = hub.relays.all.values.first else { return nil }
          return player
        }
        let entered = try await eventually("the relay to be entered", { relayed() }) { $0 != nil }
        #expect(entered?.busName == "org.mpris.MediaPlayer2.ShairportSync")
        #expect(entered?.processID == started.process.processIdentifier)
        #expect(entered?.isStreaming == false && entered?.isControllable == false)
        try await started.send("active true")
        try await started.send("available true")
        try await eventually("the registry to follow shairport-sync", { relayed() }) {
          $0?.isStreaming == true && $0?.isControllable == true
        }
        await started.stop()
        try await eventually("the relay to leave the registry", { hub.relays.all.isEmpty })
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
      }
      connection.close()
    } catch {
      await receiver?.stop()
      thread.stop()
      await system.stop()
      await bus.stop()
      throw error
    }
    thread.stop()
    await system.stop()
    await bus.stop()
  }
}
