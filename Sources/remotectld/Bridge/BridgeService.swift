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

  /// Serves the bridge until graceful shutdown; each listener's file (the unix socket, the
  /// endpoint file) is removed when it stops. Returns at once when the bridge is off (the reason
  /// said on the bus), and once both listeners have stopped; a listener that fails (its port
  /// taken, say) takes neither the other listener nor the hub down with it.
  func run() async throws {
    guard options.isEnabled else {
      status.off("remotectld runs with --no-bridge")
      return
    }
    guard let files = BridgeFiles() else {
      let reason =
        "XDG_RUNTIME_DIR is not set in remotectld's environment, so there is no private folder for "
        + "the bridge's socket and token"
      status.off(reason)
      logger.warning("the bridge is off: \(reason)")
      return
    }
    let token: String
    do {
      try files.prepare()
      token = try files.readOrMakeToken()
    } catch {
      let reason = "cannot write \(files.directory.path): \(errorDescription(error))"
      status.off(reason)
      logger.error("the bridge is off: \(reason)")
      return
    }
    let listedOrigins: [String]
    do {
      listedOrigins = try files.listedOrigins()
    } catch {
      listedOrigins = []
      logger.error(
        "cannot read \(files.originsFile.path): only the origins --bridge-origin names are allowed",
        metadata: ["error": "\(errorDescription(error))"])
    }
    let hub = BridgeHub(
      configuration: BridgeConfiguration(
        busAddress: busAddress, token: token, allowedOrigins: Set(options.origins + listedOrigins),
        heartbeatInterval: .milliseconds(Int64(options.heartbeat * 1000)),
        artworkDirectory: files.artwork),
      logger: logger)
    var listeners = [
      Listener(
        name: "loopback TCP", isSocket: false, file: files.endpoint,
        application: tcpApplication(hub: hub, files: files))
    ]
    if ownsSocket(files) {
      status.serves(socket: files.socket.path)
      listeners.append(
        Listener(
          name: "unix socket", isSocket: true, file: files.socket,
          application: application(
            hub: hub, listener: .unixSocket, address: .unixDomainSocket(path: files.socket.path))))
    }
    await withDiscardingTaskGroup { group in
      for listener in listeners {
        group.addTask { [logger, status] in
          do {
            try await listener.application.run()
          } catch {
            let reason = "the bridge's \(listener.name) listener stopped: \(error)"
            status.stopped(isSocket: listener.isSocket, reason)
            logger.error("\(reason)")
          }
          do {
            try BridgeFiles.removeIfPresent(listener.file)
          } catch {
            logger.warning(
              "cannot remove \(listener.file.path)", metadata: ["error": "\(errorDescription(error))"])
          }
        }
      }
    }
  }

  /// One of the bridge's listeners, and the file it leaves behind.
  private struct Listener: Sendable {
    var name: String
    var isSocket: Bool
    /// The file removed when it stops: the socket, or the endpoint file that names the port.
    var file: URL
    var application: any Service
  }

  /// Whether the hub serves the unix socket: not when another process does (logged), nor when a
  /// socket file nobody serves cannot be removed (logged).
  private func ownsSocket(_ files: BridgeFiles) -> Bool {
    do {
      guard try files.socketIsServed() else { return true }
      logger.error(
        "the bridge's unix socket \(files.socket.path) is served by another process; serving TCP only")
    } catch {
      logger.error(
        "cannot remove the stale socket \(files.socket.path); serving TCP only",
        metadata: ["error": "\(errorDescription(error))"])
    }
    return false
  }

  private func tcpApplication(hub: BridgeHub, files: BridgeFiles) -> any Service {
    application(hub: hub, listener: .loopback, address: .hostname("127.0.0.1", port: options.port)) {
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
