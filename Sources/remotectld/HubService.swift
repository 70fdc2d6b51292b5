import DBus
import Logging
import NowPlayingArbiter
import ServiceLifecycle

/// The Now Playing hub as a `Service`: it connects, exports its interfaces, watches the players,
/// owns its names and serves until graceful shutdown; then it releases its names and closes the
/// connection.
struct HubService: Service {
  /// Where the hub connects, which players it leaves out, and whether it answers playerctld's
  /// interface.
  struct Configuration: Sendable {
    /// The bus: the session bus unless an address is given.
    var bus: BusAddress = .session
    /// Which names are candidates.
    var filter = CandidateFilter()
    /// Whether to answer `com.github.altdesktop.playerctld` under playerctld's bus name while
    /// playerctld itself is not running.
    var answersPlayerctld = true
    /// How the web remote is served over HTTP.
    var http = HTTPOptions()
  }

  let configuration: Configuration
  let logger: Logger

  func run() async throws {
    let connection: Connection
    do {
      connection = try await Connection.connect(configuration.bus)
    } catch {
      throw HubError("cannot connect to the bus: \(error.message)")
    }
    defer { connection.close() }
    let hub = Hub(
      connection: connection, filter: configuration.filter,
      answersPlayerctld: configuration.answersPlayerctld,
      logger: logger)
    var registrations = [try await connection.export(hub.hubInterface, at: HubNames.path)]
    if configuration.answersPlayerctld {
      registrations.append(try await connection.export(hub.playerctldInterface, at: HubNames.path))
    }
    defer { registrations.forEach { $0.cancel() } }
    // The proxy player's own name lives on a connection that sends nothing but MPRIS.
    let proxyConnection: Connection
    do {
      proxyConnection = try await Connection.connect(configuration.bus)
    } catch {
      throw HubError("cannot connect to the bus: \(error.message)")
    }
    defer { proxyConnection.close() }
    let proxy = ProxyPlayer(
      connection: connection, servers: [connection, proxyConnection], hub: hub, logger: logger)
    hub.observe(proxy.nowPlayingChanged)
    let stopProxy = try await proxy.start()
    defer { stopProxy.forEach { $0() } }
    let watcher = BusWatcher(hub: hub)
    let subscriptions = try await watcher.start()
    defer { subscriptions.forEach { $0.cancel() } }
    connection.onReconnect = { [connection] in
      hub.reset(hubOwner: connection.uniqueName.rawValue)
      Task { await watcher.enumerate() }
    }
    let endpoint = WebRemoteEndpoint()
    registrations.append(try await connection.export(endpoint.interface, at: HubNames.path))
    let button = HeadsetButton(hub: hub, logger: logger)
    registrations.append(try await connection.export(button.interface, at: HubNames.path))
    let buttonEvents = Task { await button.run() }
    defer { buttonEvents.cancel() }
    let names = try await claimNames(on: connection)
    switch try await proxyConnection.requestName(ProxyNames.busName, flags: [.doNotQueue]) {
    case .primaryOwner, .alreadyOwner: break
    case .exists, .inQueue:
      logger.warning("the proxy player's name is taken", metadata: ["name": "\(ProxyNames.busName)"])
    }
    logger.info(
      "serving the Now Playing hub",
      metadata: [
        "names": "\(names.map(\.rawValue))", "players": "\(hub.nowPlaying.players.map(\.busName))",
        "active": "\(hub.nowPlaying.active?.busName ?? "none")",
      ])
    await withDiscardingTaskGroup { group in
      if configuration.http.isEnabled {
        let server = WebServer(
          options: configuration.http, busAddress: configuration.bus.mediaPlayerBusAddress, hub: hub,
          endpoint: endpoint, logger: logger)
        group.addTask { await server.run() }
      }
      try? await gracefulShutdown()
    }
    for name in names { try? await connection.releaseName(name) }
    try? await proxyConnection.releaseName(ProxyNames.busName)
    logger.info("released the hub's names")
  }

  /// Owns the hub's name (refusing to run beside another hub) and, when asked, queues for
  /// playerctld's, which the bus hands over whenever playerctld is not running.
  private func claimNames(on connection: Connection) async throws -> [BusName] {
    switch try await connection.requestName(HubNames.busName, flags: [.doNotQueue]) {
    case .primaryOwner, .alreadyOwner: break
    case .exists, .inQueue:
      let owner = (try? await connection.nameOwner(of: HubNames.busName))?.rawValue ?? "another connection"
      throw HubError("another hub already runs: \(HubNames.busName) is owned by \(owner)")
    }
    guard configuration.answersPlayerctld else { return [HubNames.busName] }
    switch try await connection.requestName(HubNames.playerctldBusName, flags: []) {
    case .primaryOwner, .alreadyOwner:
      logger.info("answering playerctld's interface", metadata: ["name": "\(HubNames.playerctldBusName)"])
    case .inQueue, .exists:
      logger.info(
        "playerctld runs; the hub answers its interface once it stops",
        metadata: ["name": "\(HubNames.playerctldBusName)"])
    }
    return [HubNames.busName, HubNames.playerctldBusName]
  }
}
