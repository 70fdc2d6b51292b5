import BlockingIOPool
import DBus
import HubAPI
import HubAirPlay
import HubAudioSession
import HubBluetooth
import HubBridge
import HubButton
import HubCore
import HubNotifications
import HubPlayerctld
import HubRelaunch
import HubWebRemote
import InputDevices
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import ServiceLifecycle

/// The Now Playing hub itself as a `Service`, the first of its parts (``HubPart``): its bus
/// connections, its view of the players and the arbiter, the hub's interfaces and its name. It
/// serves until graceful shutdown, after every other part has stopped; then it releases its
/// names, withdraws its interfaces and closes its connections.
///
/// ``start(_:bridge:logger:)`` starts it and makes the other parts, in this order, each step
/// undone if a later one fails: the bus thread and connection, the view and the arbiter, the
/// proxy player's connection and objects, the parts (the web server's listeners bound), the hub's
/// interfaces (every part's included), the view's subscriptions, the desktop shell's watch and
/// the proxy's names it says, the hub's name.
struct HubService: Service {
  /// Where the hub connects, which players it leaves out, when it publishes the proxy player and
  /// whether it answers playerctld's interface.
  struct Configuration: Sendable, Hashable {
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
    /// Whether a play with no player starts the last Now Playing app.
    var relaunch = Relauncher.Options()
    /// Whether each new track of the Now Playing player is a desktop notification.
    var notifies = false
    /// How the hub was started: whether a call may wait for the proxy's name.
    var activation = ProxyActivation.byHand
  }

  let logger: Logger
  /// What undoes ``start(_:bridge:logger:)``.
  private let teardown: Teardown

  func run() async throws {
    do {
      try await gracefulShutdown()
    } catch {
      logger.notice("the hub is cancelled rather than stopped gracefully; it releases its names now")
    }
    await teardown.run()
    logger.info("released the hub's names and closed its connections")
  }

  /// Connects, starts the hub and owns its name, and answers the hub's parts in the order the
  /// group starts them (and stops them, last first): the hub itself; the proxy player's names;
  /// the audio session; the headset button; the web server (the web remote in it); the bridge; the
  /// Bluetooth part; the system bus's players; with `--notify`, the track notifications.
  ///
  /// To add a part, add one line to `parts` below: `HubPart(name, role, interfaces:, service:)`.
  /// Its place in the list is its place in the shutdown order (it stops before the parts above
  /// it), its role says what its failure does (see ``HubPart``), and its interfaces are exported
  /// before the hub owns its name.
  ///
  /// - Throws: ``HubError`` when the hub cannot run: no bus, or another hub owns the name.
  static func start(_ configuration: Configuration, bridge: BridgeService, logger: Logger) async throws
    -> [HubPart]
  {
    var teardown = Teardown()
    do {
      return try await start(configuration, bridge: bridge, logger: logger, teardown: &teardown)
    } catch {
      await teardown.run()
      throw error
    }
  }

  private static func start(
    _ configuration: Configuration, bridge: BridgeService, logger: Logger, teardown: inout Teardown
  ) async throws -> [HubPart] {
    // The view's connection and the proxy's share one thread: a call forwarded from the proxy to
    // a player, and the player's reply going back, then change hands without a thread switch.
    let thread = try Self.startThread()
    teardown.add { thread.stop() }
    // The one system-bus connection, on the same thread, for every part that needs the system
    // bus (Bluetooth, the system bus's players, logind): a car's press crosses no thread either.
    let systemBus = SystemBusConnection(thread: thread, logger: logger)
    teardown.add { systemBus.close() }
    let connection = try await Self.connect(configuration.bus, on: thread, logger: logger)
    teardown.add { connection.close() }
    // The blocking-I/O thread stops at the hub's end, before the connection closes: the writes
    // handed to it land, and its hops back to the connection's thread find it running.
    teardown.add { await BlockingIO.shutdown() }
    let filter = configuration.filter
    let view = PlayerView(connection: connection, logger: logger) { filter.admits($0.rawValue) }
    let hub = Hub(view: view, filter: filter, logger: logger)
    let announcing = hub.observe { change in hub.announce(change) }
    teardown.add { hub.removeObserver(announcing) }
    // AirPlay's receivers are the audio session's remote players: silenced, never paused.
    let airPlay = AirPlayReceivers(hub: hub, server: configuration.audioSession.server, logger: logger)
    let session = AudioSessionService(
      hub: hub, options: configuration.audioSession, systemBus: systemBus, remotePlayers: airPlay,
      logger: logger)
    let relauncher = Relauncher(
      hub: hub, options: configuration.relaunch, bus: configuration.bus, logger: logger)
    relauncher.start()
    teardown.add { await relauncher.stop() }
    let commands = CommandPath(hub: hub, audioSession: session, relauncher: relauncher, logger: logger)

    // The proxy player's names live on a connection that sends nothing but MPRIS and playerctld's
    // interface.
    let server =
      configuration.proxy == .off
      ? nil : try await Self.connect(configuration.bus, on: thread, logger: logger)
    if let server { teardown.add { server.close() } }
    // The Now Playing player, followed whether or not it is published; the proxy is its first
    // outlet, with every interface the active player has.
    let nowPlaying = NowPlayingPlayer(hub: hub, commands: commands, logger: logger)
    let following = nowPlaying.start()
    teardown.add { following.forEach { $0() } }
    var proxy: Outlet?
    if let server {
      // A player the hub paused for a call reads paused here at once (AudioSessionService.nowPlayingStatus).
      let outlet = try await nowPlaying.publish(
        on: server, at: HubNames.path, extras: true,
        overrides: [PlayerProperty.playbackStatus.rawValue: { session.nowPlayingStatus($0) }])
      teardown.add { outlet.close() }
      if configuration.answersPlayerctld {
        // Served only while the proxy's connection owns playerctld's name: never beside a
        // running playerctld, which aborts on an interface it does not know.
        let standIn = PlayerctldStandIn(hub: hub, server: server, logger: logger)
        let standInStops = try await standIn.start { outlet.isPublished }
        teardown.add { standInStops.forEach { $0() } }
      }
      proxy = outlet
    }
    let publication = ProxyPublication(
      mode: configuration.proxy, server: server, proxy: proxy,
      answersPlayerctld: configuration.answersPlayerctld, activation: configuration.activation,
      logger: logger
    ) { status in hub.announce(status) }
    // GNOME's and Plasma's media keys: gnome-settings-daemon and Plasma's Media Player applet
    // pick a player themselves, so while GNOME Shell or Plasma runs the Now Playing player has a
    // name of its own that their pick keeps (MediaKeysTarget).
    let mediaKeys: MediaKeysTarget?
    if configuration.proxy == .auto {
      let keysConnection = try await Self.connect(configuration.bus, on: thread, logger: logger)
      teardown.add { keysConnection.close() }
      let readers = MediaKeysTarget.Readers()
      let outlet = try await nowPlaying.publish(
        on: keysConnection, overrides: MediaKeysTarget.overrides,
        readerOverrides: MediaKeysTarget.readerOverrides(readers) { session.nowPlayingStatus($0) },
        readerValuesChanged: MediaKeysTarget.tellReaders(readers, on: keysConnection),
        callRewrite: MediaKeysTarget.callRewrite(readers))
      teardown.add { outlet.close() }
      mediaKeys = MediaKeysTarget(
        connection: keysConnection, outlet: outlet, answersPlayerctld: configuration.answersPlayerctld,
        logger: logger)
      if configuration.answersPlayerctld, let mediaKeys {
        // Reached under playerctld's name, the keys' player's name while no playerctld runs
        // (MediaKeysTarget), so that playerctl lists PlayerNames, not the keys' player.
        let standIn = PlayerctldStandIn(hub: hub, server: keysConnection, logger: logger)
        let standInStops = try await standIn.start { mediaKeys.isPublished }
        teardown.add { standInStops.forEach { $0() } }
      }
    } else {
      mediaKeys = nil
    }
    let endpoint = WebRemoteEndpoint()
    teardown.add { await endpoint.stop() }
    let button = HeadsetButton(commands: commands, logger: logger)

    // The parts after the hub itself, in start order; the group stops them last first, the
    // bridge first and the proxy player's names last, before the hub's own. The roles: see HubPart.
    var parts = [
      HubPart("the proxy player's names", .essential, service: publication)
    ]
    if let mediaKeys {
      parts.append(HubPart("the shell's media keys' player", .essential, service: mediaKeys))
    }
    parts += [
      HubPart("the audio session", .essential, interfaces: [session.interface], service: session),
      HubPart("the headset button", .essential, interfaces: [button.interface]) {
        await cancelWhenGracefulShutdown { await button.run() }
      },
      // The headsets' own keys and bluetoothd's AVRCP device (a car's held fast-forward), read
      // where the user may (the udev rule the package installs); the hub goes on without them.
      HubPart("the input devices", .listener(report: { _ in })) {
        let reader = InputDeviceReader(logger: logger)
        try await cancelWhenGracefulShutdown {
          try await reader.run { key, _ in button.key(key) }
        }
      },
    ]
    parts += await WebServer.parts(
      options: configuration.http, hub: hub, endpoint: endpoint, interruptions: session,
      streamVolumes: session, commands: commands, thread: thread, logger: logger)
    // The bridge's pages are players; their browser's own players of the same audio are not.
    var bridgeTellingHub = bridge
    bridgeTellingHub.onPublishedChange = { busNames in hub.bridge(busNames) }
    parts.append(
      HubPart(
        "the bridge", .listener(report: { bridge.status.off($0) }), interfaces: [bridge.status.interface],
        service: bridgeTellingHub))
    let bluetoothStatus = BluetoothStatus()
    // The Now Playing player's second outlet: on the hub's system-bus connection, registered with
    // every adapter's org.bluez.Media1.
    let bluetooth = BluetoothService(
      status: bluetoothStatus, systemBus: systemBus,
      publish: { connection in
        let player = try await RegisteredPlayer.publish(nowPlaying, on: connection, commands: commands)
        return (player.registration, close: { player.close() })
      }, logger: logger)
    // Kept alive by the observers it installs, until the hub stops and removes them.
    let devicePlayerRule = DevicePlayerRule(hub: hub, bluetooth: bluetooth, logger: logger)
    teardown.add { devicePlayerRule.stop() }
    // Devices' own players relayed to the session bus, one entry each beside mpris-proxy.
    let devicePlayerRelays = DevicePlayerRelays(
      commands: commands, bluetooth: bluetooth, sessionAddress: configuration.bus, thread: thread,
      logger: logger)
    teardown.add { await devicePlayerRelays.closeAll() }
    parts.append(
      HubPart(
        "the Bluetooth part", .listener(report: { bluetoothStatus.off($0) }),
        interfaces: [bluetoothStatus.interface], service: bluetooth))
    // The system bus's MPRIS players, relayed to the session bus as NAME.system.
    let systemBusStatus = SystemBusStatus()
    parts.append(
      HubPart(
        "the system-bus part", .listener(report: { systemBusStatus.off($0) }),
        interfaces: [systemBusStatus.interface],
        service: SystemBusService(
          commands: commands, thread: thread, sessionAddress: configuration.bus, systemBus: systemBus,
          status: systemBusStatus, logger: logger)))

    // Once idle, the pages start-up ran go back to the page cache (IdlePages); it ends nothing.
    parts.append(
      HubPart("the idle pages", .listener(report: { _ in }), service: IdlePages(view: view, logger: logger)))

    if configuration.notifies {
      // It fails no call of its own: a notification server's errors are logged, one a track.
      parts.append(
        HubPart(
          "the track notifications", .listener(report: { _ in }),
          service: TrackNotifier(hub: hub, logger: logger)))
    }

    let hubInterface = try await connection.export(
      hub.hubInterface(commands: commands) { publication.status }, at: HubAddress.path)
    teardown.add { hubInterface.cancel() }
    let subscriptions = try await view.start()
    teardown.add { subscriptions.forEach { $0.cancel() } }
    connection.onReconnect = { [connection] in
      // The rule forgets the connections first and keeps their history by bus name; the view's
      // players then vanish without taking their history with them.
      hub.reset(hubOwner: connection.uniqueName.rawValue)
      view.forgetAll()
      view.enumerateHere()
    }
    for interface in [
      endpoint.interface, relauncher.interface(commands: commands),
      TrackNotificationsStatus.interface(isOn: configuration.notifies),
    ] + parts.flatMap(\.interfaces) {
      let registration = try await connection.export(interface, at: HubAddress.path)
      teardown.add { registration.cancel() }
    }
    // The proxy's names are settled before the hub owns its own: the call that activated the
    // hub reads what it does, not that it is starting.
    let shells = ShellWatcher { shell in
      publication.shellChanged(shell)
      mediaKeys?.shellChanged(shell)
    }
    if configuration.proxy == .auto {
      let shellSubscriptions = try await shells.start(on: connection)
      teardown.add { shellSubscriptions.forEach { $0.cancel() } }
    }
    mediaKeys?.shellChanged(shells.shell)
    await publication.start(shell: shells.shell)
    try await claimName(on: connection)
    // Released, so that a hub started next owns it at once.
    teardown.add { await connection.releaseName(HubAddress.busName, logger: logger) }

    logger.info(
      "serving the Now Playing hub",
      metadata: [
        "players": "\(hub.nowPlaying.players.map(\.busName))",
        "active": "\(hub.nowPlaying.active?.busName ?? "none")", "proxy": "\(configuration.proxy)",
      ])
    return [HubPart("the hub", .essential, service: HubService(logger: logger, teardown: teardown))] + parts
  }

  private static func startThread() throws -> ConnectionThread {
    do {
      return try ConnectionThread()
    } catch {
      throw HubError("cannot start the bus thread: \(error.message)")
    }
  }

  /// Connects on `thread`; what the connection cannot tell a caller goes to `logger`.
  private static func connect(_ address: BusAddress, on thread: ConnectionThread, logger: Logger) async throws
    -> Connection
  {
    do {
      let connection = try await Connection.connect(address, on: thread)
      connection.logsFailures(to: logger)
      return connection
    } catch {
      throw HubError("cannot connect to the bus: \(error.message)")
    }
  }

  /// Owns the hub's name, refusing to run beside another hub.
  private static func claimName(on connection: Connection) async throws {
    switch try await connection.requestName(HubAddress.busName, flags: [.doNotQueue]) {
    case .primaryOwner, .alreadyOwner: break
    case .exists, .inQueue:
      let owner: String
      do {
        // `nil`: it left between the two calls.
        owner =
          try await connection.nameOwner(of: HubAddress.busName)?.rawValue ?? "a connection that has left"
      } catch {
        owner = "another connection (the bus would not say which: \(error.message))"
      }
      throw HubError("another hub already runs: \(HubAddress.busName) is owned by \(owner)")
    }
  }
}
