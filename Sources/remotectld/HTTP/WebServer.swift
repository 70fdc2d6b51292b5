import DBus
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import WebRemote

/// remotectld's HTTP side: one router with the `Host` check on every route, the web remote's
/// routes, and its listeners — loopback always, the LAN address with `--lan`; a reverse proxy's
/// `--public-origin` is allowed as a `Host` and an `Origin`. It runs until graceful shutdown; a
/// port already taken is logged and the hub goes on without it.
struct WebServer: Sendable {
  let options: HTTPOptions
  let hub: Hub
  let endpoint: WebRemoteEndpoint
  /// The audio session, which tells the web remote of players' interruptions.
  var interruptions: (any PlayerInterruptions)?
  /// The audio session, which reaches players' own streams on the sound server.
  var streamVolumes: (any PlayerStreamVolumes)?
  let logger: Logger

  func run() async {
    do {
      try await serve()
    } catch {
      logger.warning("the web remote is not served: \(error)")
      try? await gracefulShutdown()
    }
  }

  private func serve() async throws {
    let devices = try await DeviceStore.open(directory: DeviceStore.defaultDirectory())
    let source = HubNowPlayingSource(hub: hub)
    defer { source.finish() }
    let webRemote = WebRemote(
      view: hub.view, hub: source, devices: devices, interruptions: interruptions,
      streamVolumes: streamVolumes,
      publicOrigin: options.publicOrigin, logger: logger)
    let hostCheck = HostCheck<WebRemoteContext>()
    let router = Router(context: WebRemoteContext.self)
    router.add(middleware: hostCheck)
    webRemote.add(to: router)
    let webSocket = WebSocketServerConfiguration(
      maxFrameSize: 64 << 10, autoPing: .enabled(timePeriod: .seconds(30)))

    let (bound, boundContinuation) = AsyncStream.makeStream(of: Int.self)
    let loopback = Application(
      router: router,
      server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: webSocket)),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: options.port)),
      onServerRunning: { channel in
        boundContinuation.yield(channel.localAddress?.port ?? 0)
        boundContinuation.finish()
      },
      logger: logger)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await webRemote.run() }
      group.addTask {
        do {
          try await loopback.run()
        } catch {
          boundContinuation.finish()
          throw error
        }
      }
      var port: Int?
      for await value in bound { port = value }
      guard let port, port > 0 else {
        throw HubError("cannot listen on 127.0.0.1:\(options.port) (is the port taken? try --http-port)")
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
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: webSocket)),
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
      endpoint.serve(devices: devices, urls: urls, pairingURL: pairingURL)
      for url in urls { logger.notice("web remote at \(url)") }
      try await group.next()
      group.cancelAll()
    }
  }
}
