import Bridge
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The bridge in remotectld: its two listeners (the unix socket in the runtime folder and
/// loopback TCP), each a Hummingbird application serving ``BridgeRoutes``, until graceful
/// shutdown.
struct BridgeService: Service {
  let options: BridgeOptions
  /// The address of the bus players are published on, the hub's; `nil` for the session bus.
  let busAddress: String?
  let logger: Logger

  func run() async throws {
    guard options.bridge else { return try await gracefulShutdown() }
    guard let files = BridgeFiles() else {
      logger.warning(
        "the bridge is off: XDG_RUNTIME_DIR is not set, so there is no private folder for its socket")
      return try await gracefulShutdown()
    }
    let token: String
    do {
      try files.prepare()
      token = try files.readOrMakeToken()
    } catch {
      logger.error("the bridge is off: cannot write \(files.directory.path): \(error.localizedDescription)")
      return try await gracefulShutdown()
    }
    let hub = BridgeHub(
      configuration: BridgeConfiguration(
        busAddress: busAddress, token: token, allowedOrigins: Set(options.origins + files.listedOrigins()),
        heartbeatInterval: .milliseconds(Int64(options.bridgeHeartbeat * 1000)),
        artworkDirectory: files.artwork),
      logger: logger)
    var applications: [(String, any Service)] = [("loopback TCP", tcpApplication(hub: hub, files: files))]
    let ownsSocket = !files.socketIsServed()
    if ownsSocket {
      applications.append(
        (
          "unix socket",
          application(hub: hub, listener: .unixSocket, address: .unixDomainSocket(path: files.socket.path))
        ))
    } else {
      logger.error(
        "the bridge's unix socket \(files.socket.path) is served by another process; serving TCP only")
    }
    defer {
      if ownsSocket { try? FileManager.default.removeItem(at: files.socket) }
      try? FileManager.default.removeItem(at: files.endpoint)
    }
    // A listener that fails (its port taken, say) takes neither the other listener nor the hub
    // down with it.
    await withDiscardingTaskGroup { group in
      for (listener, application) in applications {
        group.addTask { [logger] in
          do {
            try await application.run()
          } catch {
            logger.error("the bridge's \(listener) listener stopped: \(error)")
            try? await gracefulShutdown()
          }
        }
      }
    }
  }

  private func tcpApplication(hub: BridgeHub, files: BridgeFiles) -> any Service {
    application(hub: hub, listener: .loopback, address: .hostname("127.0.0.1", port: options.bridgePort)) {
      [logger] port in
      hub.allowOwnOrigins(["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"])
      let endpoint = "ws://127.0.0.1:\(port)/bridge"
      do {
        try files.write(endpoint + "\n", to: files.endpoint)
      } catch {
        logger.error("cannot write \(files.endpoint.path): \(error.localizedDescription)")
      }
      logger.notice("bridge at \(endpoint)")
    }
  }

  private func application(
    hub: BridgeHub, listener: BridgeListener, address: BindAddress,
    onPort: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> any Service {
    let router = Router(context: BasicWebSocketRequestContext.self)
    BridgeRoutes(hub: hub, listener: listener).add(to: router)
    return Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: router, configuration: .init(ws: BridgeRoutes.webSocketConfiguration(for: hub))),
      configuration: ApplicationConfiguration(address: address, serverName: "remotectld"),
      onServerRunning: { channel in
        if let port = channel.localAddress?.port { await onPort(port) }
      },
      logger: logger)
  }
}
