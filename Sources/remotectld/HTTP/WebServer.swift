import DBus
import FoundationEssentials
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import WebRemote

/// remotectld's HTTP side: one router with the `Host` check on every route, the web remote's
/// routes, and its listeners — loopback always, the LAN address with `--lan`; a reverse proxy's
/// `--public-origin` is allowed as a `Host` and an `Origin`. It serves until graceful shutdown;
/// a port already taken ends it with an error, which the hub logs and says on the bus, and goes
/// on without it (a listener, in ``HubPart``'s words).
struct WebServer: Service {
  let options: HTTPOptions
  let webRemote: WebRemote
  let endpoint: WebRemoteEndpoint
  let logger: Logger

  /// The web server and the web remote as parts of the hub, or none when `options` says so or
  /// the paired devices cannot be read (both logged and said by `endpoint`).
  static func parts(
    options: HTTPOptions, hub: Hub, endpoint: WebRemoteEndpoint, interruptions: (any PlayerInterruptions)?,
    streamVolumes: (any PlayerStreamVolumes)?, commands: CommandPath, logger: Logger
  ) async -> [HubPart] {
    guard options.isEnabled else {
      endpoint.off("the hub runs with --no-http")
      return []
    }
    let devices: DeviceStore
    do {
      devices = try await DeviceStore.open(directory: DeviceStore.defaultDirectory())
    } catch {
      let reason = "cannot read the paired devices: \(error)"
      logger.error("the web remote is off: \(reason)")
      endpoint.off(reason)
      return []
    }
    let source = HubNowPlayingSource(hub: hub)
    let webRemote = WebRemote(
      view: hub.view, hub: source, devices: devices, interruptions: interruptions, commands: commands,
      streamVolumes: streamVolumes, publicOrigin: options.publicOrigin, logger: logger)
    let server = WebServer(options: options, webRemote: webRemote, endpoint: endpoint, logger: logger)
    let report: @Sendable (String) -> Void = { endpoint.off($0) }
    // The web remote stops first: it closes its WebSockets, which the server's stop then need
    // not wait for.
    return [
      HubPart("the web server", .listener(report: report), service: server),
      HubPart("the web remote", .listener(report: report)) {
        defer { source.finish() }
        try await webRemote.run()
      },
    ]
  }

  func run() async throws {
    let hostCheck = HostCheck<WebRemoteContext>()
    let router = Router(context: WebRemoteContext.self)
    router.add(middleware: hostCheck)
    webRemote.add(to: router)
    let webSocket = WebSocketServerConfiguration(
      maxFrameSize: 64 << 10, autoPing: .enabled(timePeriod: .seconds(30)))

    // The router's WebSocket routes, built once for both listeners; each connection reads into
    // a small buffer (SmallReadBufferChannel).
    let webSocketResponder = router.buildResponder()
    let server = HTTPServerBuilder { responder in
      SmallReadBufferChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder, configuration: .init(ws: webSocket)))
    }

    let (bound, boundContinuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
    let loopback = Application(
      router: router,
      server: server,
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: options.port)),
      onServerRunning: { channel in
        boundContinuation.yield(.success(channel.localAddress?.port ?? 0))
        boundContinuation.finish()
      },
      logger: logger)
    // The listeners: loopback, then the LAN address on the port loopback got.
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        do {
          try await loopback.run()
        } catch {
          boundContinuation.yield(.failure(error))
          boundContinuation.finish()
          throw error
        }
      }
      var result: Result<Int, any Error>?
      for await value in bound { result = value }
      let port: Int
      switch result {
      case .success(let bound)? where bound > 0:
        port = bound
      case .failure(let error)?:
        throw HubError(
          "cannot listen on 127.0.0.1:\(options.port): \(error) (is the port taken? try --http-port)")
      default:
        throw HubError("cannot listen on 127.0.0.1:\(options.port): the server stopped before it listened")
      }
      hostCheck.allowLoopback(port: port)
      var urls = ["http://127.0.0.1:\(port)/"]
      var pairingURL = urls[0]
      if options.lan {
        if let address = LANAddress.find() {
          hostCheck.allow(host: address, port: port)
          if let name = LANAddress.hostName() {
            hostCheck.allow(host: name, port: port)
            hostCheck.allow(host: name + ".local", port: port)
          }
          let lan = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(address: .hostname(address, port: port)), logger: logger)
          group.addTask { try await lan.run() }
          pairingURL = "http://\(address):\(port)/"
          urls.append(pairingURL)
        } else {
          logger.warning("--lan: this machine has no LAN address; serving loopback only")
        }
      }
      if let publicOrigin = options.publicOrigin {
        for host in publicOrigin.hosts { hostCheck.allow(authority: host) }
        pairingURL = publicOrigin.text + "/"
        urls.append(pairingURL)
      }
      endpoint.serve(devices: webRemote.devices, urls: urls, pairingURL: pairingURL)
      for url in urls { logger.notice("web remote at \(url)") }
      try await group.next()
      group.cancelAll()
    }
  }
}
