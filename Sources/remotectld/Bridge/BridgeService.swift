import Bridge
import FoundationEssentials
import HubSupport
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
  /// What `remotectl doctor` reads on the hub's bus: where the bridge serves, or why not.
  var status = BridgeStatus()

  func run() async throws {
    guard options.bridge else {
      status.off("remotectld runs with --no-bridge")
      return try await gracefulShutdown()
    }
    guard let files = BridgeFiles() else {
      let reason =
        "XDG_RUNTIME_DIR is not set in remotectld's environment, so there is no private folder for "
        + "the bridge's socket and token"
      status.off(reason)
      logger.warning("the bridge is off: \(reason)")
      return try await gracefulShutdown()
    }
    let token: String
    do {
      try files.prepare()
      token = try files.readOrMakeToken()
    } catch {
      let reason = "cannot write \(files.directory.path): \(errorDescription(error))"
      status.off(reason)
      logger.error("the bridge is off: \(reason)")
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
      status.serves(socket: files.socket.path)
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
        group.addTask { [logger, status] in
          do {
            try await application.run()
          } catch {
            status.stopped(
              isSocket: listener == "unix socket", "the bridge's \(listener) listener stopped: \(error)")
            logger.error("the bridge's \(listener) listener stopped: \(error)")
            try? await gracefulShutdown()
          }
        }
      }
    }
  }

  private func tcpApplication(hub: BridgeHub, files: BridgeFiles) -> any Service {
    application(hub: hub, listener: .loopback, address: .hostname("127.0.0.1", port: options.bridgePort)) {
      [logger, status] port in
      hub.allowOwnOrigins(["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"])
      let endpoint = "ws://127.0.0.1:\(port)/bridge"
      status.serves(endpoint: endpoint)
      do {
        try files.write(endpoint + "\n", to: files.endpoint)
      } catch {
        logger.error("cannot write \(files.endpoint.path): \(errorDescription(error))")
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
