package import DBus
package import HubCore
package import Logging
package import PlayerView
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle
package import Synchronization

/// The hub's system-bus part: a view of the MPRIS players on the system bus (shairport-sync's,
/// spotifyd's or mopidy's run as system services), each relayed to the session bus as
/// `org.mpris.MediaPlayer2.NAME.system` (``RelayedPlayer``, ``SystemBusPlayerSource``), entered
/// in the hub's ``RelayRegistry``, for as long as it is on the system bus.
///
/// A relay starts once the player's state, its process and what it serves of shairport-sync's
/// interfaces (``ShairportSync``) are read, so that session tools see its values from the first
/// read. An AirPlay receiver (shairport-sync) may be Now Playing only while a sender streams to
/// it (`org.gnome.ShairportSync` `Active`) or it plays, as iOS makes the AirPlay session Now
/// Playing while it lasts; that rule composes with the hub's others (`Hub+Eligibility.swift`).
///
/// Without a system bus it says so once in the hub's log and on ``SystemBusStatus`` (for
/// `remotectl doctor`), and nothing else changes. Everything runs on the hub's bus thread: the
/// system bus connection is the hub's one (``SystemBusConnection``), shared with the other parts.
package final class SystemBusService: Service, Sendable {
  /// One MPRIS player on the system bus, as the part knows it.
  package struct Player: Sendable {
    package var busName: BusName
    var processID: Int32?
    package var session = ShairportSync.Session()
    /// What is still read before the relay starts.
    var awaited: Set<String> = [
      Self.state, Self.process, ShairportSync.interface, ShairportSync.remoteControl,
    ]
    var relay: RelayedPlayer?
    var isStarting = false
    /// shairport-sync's properties of another type than declared, already said in the log.
    var illTyped: Set<String> = []

    package static let state = "the player's state"
    package static let process = "its process"

    package init(busName: BusName) { self.busName = busName }

    /// What it is, for the registry.
    func relayed(owner: BusName) -> Relayed {
      .systemBusPlayer(
        Relayed.SystemBusPlayer(
          busName: busName, owner: owner, processID: processID, isControllable: session.isAvailable != false,
          isStreaming: session.isActive))
    }
  }

  package let status: SystemBusStatus
  package let hub: Hub
  /// The hub's one path for a user's command: a press on a relay's own name takes it.
  private let commands: CommandPath
  private let thread: ConnectionThread
  private let systemBus: SystemBusConnection
  private let sessionAddress: BusAddress
  package let logger: Logger
  /// The system bus's view of the players, once connected.
  package let view = Mutex<PlayerView?>(nil)
  /// Every MPRIS player on the system bus, by its connection's unique name.
  package let players = Mutex<[BusName: Player]>([:])
  /// The relays being connected, cancelled and waited for when the part stops.
  private let starting = PartTasks()

  /// A part that relays the players on the hub's system bus (`systemBus`) to the session bus at
  /// `sessionAddress`, its relays' connections served on `thread`, a controller's press on a
  /// relay sent through `commands` (and its hub).
  package init(
    commands: CommandPath, thread: ConnectionThread, sessionAddress: BusAddress,
    systemBus: SystemBusConnection,
    status: SystemBusStatus, logger: Logger
  ) {
    self.hub = commands.hub
    self.commands = commands
    self.thread = thread
    self.sessionAddress = sessionAddress
    self.systemBus = systemBus
    self.status = status
    self.logger = logger
  }

  package func run() async throws {
    let connection: Connection
    do {
      connection = try await systemBus.connection()
    } catch {
      let reason = "no system bus (\(error.message)): the system bus's MPRIS players are not relayed"
      logger.notice("\(reason)")
      status.off(reason)
      await untilGracefulShutdown()
      return
    }
    let view = PlayerView(connection: connection, logger: logger) { _ in true }
    self.view.withLock { $0 = view }
    let watching = view.observe { [self] change in take(change, in: view) }
    hub.admission.withLock { $0[Self.rule] = { [self] _, owner in isEligible(relay: owner) } }
    // A relay entered again under a new unique name (the session bus restarted) is held back
    // again under it.
    let entered = hub.relays.observe { [self] change in
      if change.before == nil, case .systemBusPlayer(let player)? = change.relayed { settle(player.owner) }
    }
    var subscriptions: [Subscription] = []
    var reconnects: ObservationToken?
    do {
      subscriptions.append(
        try await connection.addMatch(
          rule:
            "type='signal',interface='\(StandardInterface.properties)',member='\(StandardInterface.propertiesChanged)',"
            + "path='\(ShairportSync.path.rawValue)'"
        ) { [self] message in shairportSyncChanged(message) })
      subscriptions += try await view.start()
      reconnects = systemBus.observeReconnect {
        view.forgetAll()
        view.enumerateHere()
      }
      updateStatus()
    } catch {
      let reason = "cannot follow the system bus's players (\(error.message))"
      logger.warning("\(reason)")
      status.off(reason)
    }
    await untilGracefulShutdown()
    reconnects.map(systemBus.removeReconnectObserver)
    subscriptions.forEach { $0.cancel() }
    view.removeObserver(watching)
    hub.admission.withLock { $0[Self.rule] = nil }
    hub.relays.removeObserver(entered)
    // A relay that connects meanwhile finds its player gone, and closes (``started(_:for:)``).
    await starting.stop()
    let relays = players.withLock { players in
      defer { players = [:] }
      return players.values.compactMap(\.relay)
    }
    relays.forEach { $0.close() }
    // The connection is the hub's, shared: it closes with the hub.
  }

  /// Suspends until graceful shutdown, or until the group cancels the part: either way it
  /// stops, so a cancellation is no failure to report.
  private func untilGracefulShutdown() async {
    do {
      try await gracefulShutdown()
    } catch {
      logger.debug("the system-bus part is cancelled rather than shut down gracefully")
    }
  }

  // MARK: - The players

  /// On the hub's bus thread.
  private func take(_ change: PlayerView.Change, in view: PlayerView) {
    hub.connection.assertOnConnectionThread()
    switch change {
    case .nameAppeared(let name, let owner, isNewPlayer: true):
      players.withLock { $0[owner] = Player(busName: name) }
      read(owner, on: view.connection)
    case .propertiesChanged(let owner, let interface, let names, let source):
      let isPlayer = interface == MediaPlayerInterface.player.rawValue
      if isPlayer, source == .read { received(Player.state, of: owner, in: view) }
      let relay = players.withLock { $0[owner]?.relay }
      relay?.changed(interface, names: source == .read ? nil : names)
      if isPlayer, source == .read || names.contains(PlayerProperty.playbackStatus.rawValue) {
        settle(owner)
      }
    case .seeked(let owner, let position):
      players.withLock { $0[owner]?.relay }?.seeked(to: position)
    case .processIdentified(let owner):
      // The view asked the bus once as the player appeared; a relay goes without the process
      // the bus cannot tell (the view said why in the log).
      let pid: Int32? = if case .success(let pid)? = view.mirror(of: owner)?.process { pid } else { nil }
      players.withLock { $0[owner]?.processID = pid }
      received(Player.process, of: owner, in: view)
    case .nameVanished(_, let owner, .some):
      let relay = players.withLock { $0.removeValue(forKey: owner)?.relay }
      relay?.close()
      updateStatus()
    default:
      break
    }
  }

  /// Reads what the relay needs besides the player's state and its process (which the view
  /// reads): shairport-sync's interfaces when it serves them.
  private func read(_ owner: BusName, on connection: Connection) {
    for interface in [ShairportSync.interface, ShairportSync.remoteControl] {
      connection.call(
        destination: owner, path: ShairportSync.path, interface: StandardInterface.properties,
        member: "GetAll", arguments: [.string(interface)], timeout: .seconds(5)
      ) { [self] result in
        if case .success(let values) = result, let values = values.first {
          take(values, of: interface, from: owner)
        }
        view.withLock { $0 }.map { received(interface, of: owner, in: $0) }
      }
    }
  }

  /// `what` of `owner` has been read: its relay starts when nothing else is awaited.
  private func received(_ what: String, of owner: BusName, in view: PlayerView) {
    let player = players.withLock { players -> Player? in
      guard var player = players[owner] else { return nil }
      player.awaited.remove(what)
      let starts = player.awaited.isEmpty && player.relay == nil && !player.isStarting
      player.isStarting = player.isStarting || starts
      players[owner] = player
      return starts ? player : nil
    }
    guard let player else { return }
    guard let name = BusName(rawValue: player.busName.rawValue + ".system") else {
      logger.warning(
        "a system-bus player's name is too long to relay with .system",
        metadata: ["name": "\(player.busName)"])
      return
    }
    let source = SystemBusPlayerSource(view: view, owner: owner, busName: player.busName) { [self] in
      players.withLock { $0[owner]?.session.isAvailable != false }
    }
    starting.start { [self, commands, sessionAddress, thread, logger] in
      do {
        let relay = try await RelayedPlayer.start(
          named: name, relaying: player.relayed(owner: owner), from: source, address: sessionAddress,
          on: thread, commands: commands, logger: logger)
        // With the system bus's connection closed, nobody would take it: withdrawn at once.
        if !view.connection.perform({ [self] in started(relay, for: owner) }) { relay.close() }
      } catch {
        logger.warning(
          "cannot relay a system-bus player to the session bus",
          metadata: ["name": "\(name)", "error": "\(error)"])
      }
    }
  }

  /// The relay of `owner` serves: kept while the player is there, closed at once if it left
  /// meanwhile. On the hub's bus thread.
  private func started(_ relay: RelayedPlayer, for owner: BusName) {
    hub.connection.assertOnConnectionThread()
    let relayed = players.withLock { players -> Relayed? in
      guard players[owner] != nil else { return nil }
      players[owner]?.relay = relay
      return players[owner]?.relayed(owner: owner)
    }
    guard let relayed else {
      relay.close()
      return
    }
    logger.info(
      "relaying a system-bus player", metadata: ["relay": "\(relay.name)", "owner": "\(relay.owner)"])
    // What changed while it started.
    relay.update(relayed)
    relay.changed(MediaPlayerInterface.root.rawValue)
    relay.changed(MediaPlayerInterface.player.rawValue)
    settle(owner)
    updateStatus()
  }

  private func updateStatus() {
    status.relays(players.withLock { $0.values.filter { $0.relay != nil }.map(\.busName) })
  }
}
