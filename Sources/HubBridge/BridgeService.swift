import Bridge
import FoundationEssentials
import HubCore
import HubSupport
import Hummingbird
import HummingbirdWebSocket
import Listening
package import Logging
import NIOCore
import ServiceLifecycle

/// The bridge's part of the hub: its two listeners (the unix socket in the runtime folder and
/// loopback TCP), each serving ``BridgeRoutes`` with Hummingbird, until graceful shutdown.
///
/// Both are bound when the part starts, and the endpoint file written; the bridge's shared
/// state (``BridgeHub``, with its bus thread) and SwiftNIO's event loops start on the first
/// connection to either.
package struct BridgeService: Service {
  let options: BridgeOptions
  /// The address of the bus players are published on, the hub's; `nil` for the session bus.
  let busAddress: String?
  let logger: Logger
  /// Told the bus names of the bridged players each time a player is published or removed: the
  /// hub's `Hub.bridge(_:)`, so that a browser's own player of a bridged page is not a
  /// second player.
  package var onPublishedChange: @Sendable (Set<String>) -> Void = { _ in }
  /// What `remotectl doctor` reads on the hub's bus: where the bridge serves, or why not.
  package var status = BridgeStatus()

  /// The bridge as `options` say, publishing players on the bus at `busAddress` (the session
  /// bus when `nil`); nothing is bound until ``run()``.
  package init(options: BridgeOptions, busAddress: String?, logger: Logger) {
    self.options = options
    self.busAddress = busAddress
    self.logger = logger
  }

  /// Serves the bridge until graceful shutdown; each listener's file (the unix socket, the
  /// endpoint file) is removed when it stops. Returns at once when the bridge is off (the reason
  /// said on the bus), and once both listeners have stopped; a listener that fails (its port
  /// taken, say) takes neither the other listener nor the hub down with it.
  package func run() async throws {
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
    let configuration = BridgeConfiguration(
      busAddress: busAddress, token: token, allowedOrigins: Set(options.origins + listedOrigins),
      heartbeatInterval: .milliseconds(Int64(options.heartbeat * 1000)),
      artworkDirectory: files.artwork)
    // The unix socket first: a failure of the TCP listener then stays the Reason on the bus.
    var listeners = [Listener]()
    if ownsSocket(files) {
      status.serves(socket: files.socket.path)
      if let socket = listen(
        name: "unix socket", isSocket: true, file: files.socket, on: .path(files.socket.path))
      {
        listeners.append(socket)
      }
    }
    if let socket = listen(
      name: "loopback TCP", isSocket: false, file: files.endpoint, on: .loopbackTCP(options.port))
    {
      listeners.append(socket)
      announce(port: socket.socket.port, files: files)
    }
    guard !listeners.isEmpty else { return }
    let sockets = listeners.map(\.socket)
    // The bridge's directory and SwiftNIO's event loops start on the first connection, which
    // waits in its socket's backlog meanwhile.
    await cancelWhenGracefulShutdown { await ListeningSocket.firstConnection(on: sockets) }
    let hub =
      Task.isShuttingDownGracefully || Task.isCancelled
      ? nil : start(configuration, port: listeners.first { !$0.isSocket }?.socket.port)
    await withDiscardingTaskGroup { group in
      for listener in listeners {
        group.addTask { [logger, status] in
          if let hub {
            do {
              try await server(hub: hub, listener: listener.isSocket ? .unixSocket : .loopback).serve(
                listener.socket)
            } catch {
              let reason = "the bridge's \(listener.name) listener stopped: \(error)"
              status.stopped(isSocket: listener.isSocket, reason)
              logger.error("\(reason)")
            }
          }
          listener.socket.close()
          remove(listener.file)
        }
      }
    }
  }

  /// One of the bridge's listeners: its socket, held from the start, and the file it leaves
  /// behind.
  private struct Listener: Sendable {
    var name: String
    var isSocket: Bool
    /// The file removed when it stops: the socket, or the endpoint file that names the port.
    var file: URL
    var socket: ListeningSocket
  }

  /// Where a listener listens.
  private enum Address {
    case loopbackTCP(Int)
    case path(String)
  }

  /// The listener named `name` bound at `address`, or `nil` when it cannot be (the reason said
  /// on the bus and logged, and its file removed: an endpoint file left by a hub that was killed
  /// names a port nobody serves).
  private func listen(name: String, isSocket: Bool, file: URL, on address: Address) -> Listener? {
    do {
      let socketAddress =
        switch address {
        case .loopbackTCP(let port): try SocketAddress(ipAddress: "127.0.0.1", port: port)
        case .path(let path): try SocketAddress(unixDomainSocketPath: path)
        }
      return Listener(
        name: name, isSocket: isSocket, file: file, socket: try ListeningSocket(address: socketAddress))
    } catch {
      let reason = "the bridge's \(name) listener stopped: \(error)"
      status.stopped(isSocket: isSocket, reason)
      logger.error("\(reason)")
      remove(file)
      return nil
    }
  }

  /// Says where the loopback listener is: on the bus, in the endpoint file, in the log.
  private func announce(port: Int, files: BridgeFiles) {
    let endpoint = "ws://127.0.0.1:\(port)/bridge"
    status.serves(endpoint: endpoint)
    do {
      try files.write(endpoint + "\n", to: files.endpoint)
    } catch {
      logger.error("cannot write \(files.endpoint.path): \(errorDescription(error))")
    }
    logger.notice("bridge at \(endpoint)")
  }

  /// The bridge's shared state, the loopback listener's own origins allowed (at `port`).
  private func start(_ configuration: BridgeConfiguration, port: Int?) -> BridgeHub {
    let hub = BridgeHub(configuration: configuration, logger: logger, onPublishedChange: onPublishedChange)
    if let port {
      hub.allowOwnOrigins(["http://127.0.0.1:\(port)", "http://localhost:\(port)", "http://[::1]:\(port)"])
    }
    logger.info("the bridge started for its first connection")
    return hub
  }

  /// Removes a listener's file; one already gone is no failure.
  private func remove(_ file: URL) {
    do {
      try BridgeFiles.removeIfPresent(file)
    } catch {
      logger.warning("cannot remove \(file.path)", metadata: ["error": "\(errorDescription(error))"])
    }
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

  /// A server of the bridge's routes for `listener`, on a socket the hub holds.
  private func server(hub: BridgeHub, listener: BridgeListener) -> HeldSocketServer<
    HTTP1WebSocketUpgradeChannel
  > {
    let router = Router(context: BasicWebSocketRequestContext.self)
    BridgeRoutes(hub: hub, listener: listener).add(to: router)
    let responder = router.buildResponder()
    return HeldSocketServer(
      childChannel: HTTP1WebSocketUpgradeChannel(
        responder: responder.channelResponder(serverName: "remotectld", logger: logger),
        webSocketResponder: responder,
        configuration: .init(ws: BridgeRoutes.webSocketConfiguration(for: hub))),
      logger: logger)
  }
}
