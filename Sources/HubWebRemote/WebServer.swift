package import DBus
import FoundationEssentials
package import HubCore
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Listening
package import Logging
import NIOCore
import ServiceLifecycle
package import WebRemote

/// remotectld's HTTP side: one router with the `Host` check on every route, the web remote's
/// routes, and its listeners — loopback always, the LAN address with `--lan`; a reverse proxy's
/// `--public-origin` is allowed as a `Host` and an `Origin`. It serves until graceful shutdown;
/// a port already taken ends it with an error, which the hub logs and says on the bus, and goes
/// on without it (a listener, in ``HubPart``'s words).
///
/// The listeners are bound while the hub starts, before it owns its name (``parts(options:hub:endpoint:interruptions:streamVolumes:commands:thread:logger:)``):
/// the first call that activates the hub — `remotectl pair`, `remotectl devices` — finds the
/// addresses and the paired devices on the bus, and a port taken is the part's error once it
/// runs. The web remote, its router and SwiftNIO's event loops start on the first connection,
/// which waits in the backlog meanwhile: an idle hub that no browser has opened carries none of
/// them.
package struct WebServer: Service {
  package let options: HTTPOptions
  package let devices: DeviceStore
  package let endpoint: WebRemoteEndpoint
  let listeners: Listeners
  package let logger: Logger
  /// Makes the web remote, and what it follows of the hub (finished when the server stops).
  let makeWebRemote: @Sendable () -> (WebRemote, HubNowPlayingSource)

  /// The web server, the web remote in it, as a part of the hub, or none when `options` says so
  /// or the paired devices cannot be read (both logged and said by `endpoint`).
  package static func parts(
    options: HTTPOptions, hub: Hub, endpoint: WebRemoteEndpoint, interruptions: (any PlayerInterruptions)?,
    streamVolumes: (any PlayerStreamVolumes)?, commands: CommandPath, thread: ConnectionThread, logger: Logger
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
    let listeners: Listeners
    do {
      listeners = try Listeners.bind(options, logger: logger)
    } catch {
      // Said once the part runs, as the listener rule says a failure.
      return [HubPart("the web server", .listener(report: { endpoint.off($0) })) { throw error }]
    }
    endpoint.serve(devices: devices, urls: listeners.urls, pairingURL: listeners.pairingURL)
    let server = WebServer(
      options: options, devices: devices, endpoint: endpoint, listeners: listeners, logger: logger
    ) {
      let source = HubNowPlayingSource(hub: hub)
      let webRemote = WebRemote(
        view: hub.view, hub: source, devices: devices, interruptions: interruptions, commands: commands,
        streamVolumes: streamVolumes, publicOrigin: options.publicOrigin, logger: logger,
        socketExecutor: thread)
      return (webRemote, source)
    }
    return [HubPart("the web server", .listener(report: { endpoint.off($0) }), service: server)]
  }

  package func run() async throws {
    let held = listeners.sockets
    defer { held.forEach { $0.close() } }
    for url in listeners.urls { logger.notice("web remote at \(url)") }
    await cancelWhenGracefulShutdown { await ListeningSocket.firstConnection(on: held) }
    guard !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
    try await serve(held, hostCheck: listeners.hostCheck)
  }

  /// Starts the web remote and serves `sockets` until graceful shutdown.
  private func serve(_ sockets: [ListeningSocket], hostCheck: HostCheck<WebRemoteContext>) async throws {
    let started = ContinuousClock.now
    let (webRemote, source) = makeWebRemote()
    defer { source.finish() }
    let router = Router(context: WebRemoteContext.self)
    router.add(middleware: hostCheck)
    webRemote.add(to: router)
    let responder = router.buildResponder()
    // Each connection reads into a small buffer (SmallReadBufferChannel).
    let server = HeldSocketServer(
      childChannel: SmallReadBufferChannel(
        base: HTTP1WebSocketUpgradeChannel(
          responder: responder.channelResponder(logger: logger), webSocketResponder: responder,
          configuration: .init(
            ws: WebSocketServerConfiguration(
              maxFrameSize: 64 << 10, autoPing: .enabled(timePeriod: .seconds(30)))))),
      logger: logger)
    // The web remote stops with the listeners: it closes its WebSockets, which their graceful
    // shutdown then need not wait for.
    try await withThrowingTaskGroup(of: Void.self) { group in
      // The players as they are now are in the web remote before the first request is read.
      let (following, isFollowing) = AsyncStream.makeStream(of: Void.self)
      group.addTask { try await webRemote.run { isFollowing.finish() } }
      for await _ in following {}
      for socket in sockets { group.addTask { try await server.serve(socket) } }
      logger.info(
        "the web remote started for its first connection",
        metadata: ["took": "\(ContinuousClock.now - started)"])
      try await group.waitForAll()
    }
  }
}

extension WebServer {
  /// The web server's bound sockets, with what they answer to and where a pairing link points.
  struct Listeners: Sendable {
    /// Loopback first, then the LAN address with `--lan`.
    let sockets: [ListeningSocket]
    /// The `Host` check: the sockets' addresses (and the machine's names on the LAN), and the
    /// public origin's hosts.
    let hostCheck: HostCheck<WebRemoteContext>
    /// The listeners' URLs, the public origin's last.
    let urls: [String]
    /// The public origin's URL, else the LAN one with `--lan`, else loopback.
    let pairingURL: String

    /// Binds loopback on `options.port`, and the LAN address on the same port with `--lan`.
    ///
    /// - Throws: ``HubError`` naming the address that cannot be bound and why.
    static func bind(_ options: HTTPOptions, logger: Logger) throws -> Listeners {
      let hostCheck = HostCheck<WebRemoteContext>()
      let loopback = try listen(
        on: "127.0.0.1", port: options.port, hint: " (is the port taken? try --http-port)")
      var sockets = [loopback]
      let port = loopback.port
      hostCheck.allowLoopback(port: port)
      var urls = ["http://127.0.0.1:\(port)/"]
      var pairingURL = urls[0]
      if options.lan {
        if let address = LANAddress.find() {
          sockets.append(try listen(on: address, port: port, hint: ""))
          hostCheck.allow(host: address, port: port)
          if let name = LANAddress.hostName() {
            hostCheck.allow(host: name, port: port)
            hostCheck.allow(host: name + ".local", port: port)
          }
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
      return Listeners(sockets: sockets, hostCheck: hostCheck, urls: urls, pairingURL: pairingURL)
    }

    /// Binds and listens on `host`:`port`.
    ///
    /// - Throws: ``HubError`` naming the address, the reason, and `hint`.
    private static func listen(on host: String, port: Int, hint: String) throws -> ListeningSocket {
      do {
        return try ListeningSocket(address: SocketAddress(ipAddress: host, port: port))
      } catch {
        throw HubError("cannot listen on \(host):\(port): \(error)\(hint)")
      }
    }
  }
}
