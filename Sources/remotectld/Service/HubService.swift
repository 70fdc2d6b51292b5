import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import ServiceLifecycle
import WebRemote

/// The Now Playing hub as a `Service`: it connects, watches the players through one view,
/// exports its interfaces, publishes the proxy player where no desktop shell shows every player,
/// owns its names and serves until graceful shutdown; then it releases its names and closes its
/// connections.
struct HubService: Service {
  /// Where the hub connects, which players it leaves out, when it publishes the proxy player and
  /// whether it answers playerctld's interface.
  struct Configuration: Sendable {
    /// The bus: the session bus unless an address is given.
    var bus: BusAddress = .session
    /// Which names are candidates.
    var filter = CandidateFilter()
    /// When to publish the proxy player (and playerctld's name).
    var proxy = ProxyMode.auto
    /// Whether to answer `com.github.altdesktop.playerctld` under playerctld's bus name while
    /// playerctld itself is not running (and the proxy is published).
    var answersPlayerctld = true
    /// How the web remote is served over HTTP.
    var http = HTTPOptions()
    /// What the hub does as the audio session's arbiter.
    var audioSession = AudioSessionOptions()
  }

  let configuration: Configuration
  let logger: Logger
  /// Where the bridge (a service of its own) serves, or why not, exported for `remotectl doctor`.
  var bridge = BridgeStatus()

  func run() async throws {
    // The view's connection and the proxy's share one thread: a call forwarded from the proxy to
    // a player, and the player's reply going back, then change hands without a thread switch.
    let thread = try Self.startThread()
    defer { thread.stop() }
    let connection = try await Self.connect(configuration.bus, on: thread)
    defer { connection.close() }
    let filter = configuration.filter
    let view = PlayerView(connection: connection, logger: logger) { filter.admits($0.rawValue) }
    let hub = Hub(view: view, filter: filter, logger: logger)
    hub.observe { change in hub.announce(change) }
    let session = AudioSessionService(hub: hub, options: configuration.audioSession, logger: logger)

    // The proxy player's names live on a connection that sends nothing but MPRIS and playerctld's
    // interface.
    let server = configuration.proxy == .off ? nil : try await Self.connect(configuration.bus, on: thread)
    defer { server?.close() }
    var proxy: ProxyPlayer?
    var stops: [@Sendable () -> Void] = []
    defer { stops.forEach { $0() } }
    if let server {
      let player = ProxyPlayer(server: server, hub: hub, logger: logger, pressed: session.userPressed)
      stops += try await player.start()
      if configuration.answersPlayerctld {
        // Served only while the proxy's connection owns playerctld's name: never beside a
        // running playerctld, which aborts on an interface it does not know.
        let standIn = PlayerctldStandIn(hub: hub, server: server, logger: logger)
        stops += try await standIn.start { player.isPublished }
      }
      proxy = player
    }
    let publication = ProxyPublication(
      mode: configuration.proxy, server: server, proxy: proxy,
      answersPlayerctld: configuration.answersPlayerctld,
      logger: logger
    ) { status in hub.announce(status) }

    var registrations = [
      try await connection.export(hub.hubInterface { publication.status }, at: HubNames.path)
    ]
    defer { registrations.forEach { $0.cancel() } }
    let subscriptions = try await view.start()
    defer { subscriptions.forEach { $0.cancel() } }
    connection.onReconnect = { [connection] in
      // The rule forgets the connections first and keeps their history by bus name; the view's
      // players then vanish without taking their history with them.
      hub.reset(hubOwner: connection.uniqueName.rawValue)
      view.forgetAll()
      Task { await view.enumerate() }
    }
    registrations.append(try await connection.export(session.interface, at: HubNames.path))
    let endpoint = WebRemoteEndpoint()
    registrations.append(try await connection.export(endpoint.interface, at: HubNames.path))
    let button = HeadsetButton(hub: hub, logger: logger)
    registrations.append(try await connection.export(button.interface, at: HubNames.path))
    registrations.append(try await connection.export(bridge.interface, at: HubNames.path))
    let buttonEvents = Task { await button.run() }
    defer { buttonEvents.cancel() }
    try await claimName(on: connection)

    let shells = ShellWatcher { shell in publication.shellChanged(shell) }
    let shellSubscriptions = configuration.proxy == .auto ? try await shells.start(on: connection) : []
    defer { shellSubscriptions.forEach { $0.cancel() } }
    publication.shellChanged(shells.shell)

    logger.info(
      "serving the Now Playing hub",
      metadata: [
        "players": "\(hub.nowPlaying.players.map(\.busName))",
        "active": "\(hub.nowPlaying.active?.busName ?? "none")", "proxy": "\(configuration.proxy)",
      ])
    await withDiscardingTaskGroup { group in
      group.addTask { await publication.run() }
      group.addTask { try? await session.run() }
      if configuration.http.isEnabled {
        let server = WebServer(
          options: configuration.http, hub: hub, endpoint: endpoint, interruptions: session,
          streamVolumes: session,
          logger: logger)
        group.addTask { await server.run() }
      }
      try? await gracefulShutdown()
      publication.finish()
    }
    try? await connection.releaseName(HubNames.busName)
    logger.info("released the hub's names")
  }

  private static func startThread() throws -> ConnectionThread {
    do {
      return try ConnectionThread()
    } catch {
      throw HubError("cannot start the bus thread: \(error.message)")
    }
  }

  private static func connect(_ address: BusAddress, on thread: ConnectionThread) async throws -> Connection {
    do {
      return try await Connection.connect(address, on: thread)
    } catch {
      throw HubError("cannot connect to the bus: \(error.message)")
    }
  }

  /// Owns the hub's name, refusing to run beside another hub.
  private func claimName(on connection: Connection) async throws {
    switch try await connection.requestName(HubNames.busName, flags: [.doNotQueue]) {
    case .primaryOwner, .alreadyOwner: break
    case .exists, .inQueue:
      let owner = (try? await connection.nameOwner(of: HubNames.busName))?.rawValue ?? "another connection"
      throw HubError("another hub already runs: \(HubNames.busName) is owned by \(owner)")
    }
  }
}
