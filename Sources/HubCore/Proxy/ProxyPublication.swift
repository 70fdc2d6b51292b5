package import DBus
package import Logging
import ServiceLifecycle
import Synchronization

/// Whether the hub publishes its MPRIS names (the proxy player's and playerctld's), and why; it
/// requests and releases them as the mode and the desktop shell say, as a `Service` of the hub.
package final class ProxyPublication: Service, Sendable {
  /// What applies now, as `remotectl hub` and `remotectl doctor` show it.
  package struct Status: Sendable, Hashable {
    package var mode: ProxyMode
    package var isPublished: Bool
    package var reason: String
  }

  package let mode: ProxyMode
  private let server: Connection?
  private let proxy: Outlet?
  private let answersPlayerctld: Bool
  private let logger: Logger
  private let current: Mutex<Status>
  private let requests: AsyncStream<ShellWatcher.Shell?>.Continuation
  private let pending: AsyncStream<ShellWatcher.Shell?>
  /// Called with each new status (the hub announces it).
  private let changed: @Sendable (Status) -> Void

  /// A publication in `mode` of `proxy`, the Now Playing player's outlet on `server` (both `nil`
  /// when the mode is off).
  package init(
    mode: ProxyMode, server: Connection?, proxy: Outlet?, answersPlayerctld: Bool, logger: Logger,
    changed: @escaping @Sendable (Status) -> Void
  ) {
    self.mode = mode
    self.server = server
    self.proxy = proxy
    self.answersPlayerctld = answersPlayerctld
    self.logger = logger
    self.changed = changed
    current = Mutex(
      Status(mode: mode, isPublished: false, reason: mode == .off ? "--proxy off" : "starting"))
    (pending, requests) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// What applies now.
  package var status: Status { current.withLock { $0 } }

  /// Requests or releases the names as `shell`, the shell that shows every player now (`nil`:
  /// none), says, and returns once that is done: the hub calls it while it starts, before it owns
  /// its name, so that the status a controller first reads is what the hub does.
  func start(shell: ShellWatcher.Shell?) async {
    await apply(shell)
  }

  /// The shell that shows every player now (`nil`: none); the names follow, in order.
  package func shellChanged(_ shell: ShellWatcher.Shell?) {
    requests.yield(shell)
  }

  /// Requests and releases the names as told until graceful shutdown; then releases them.
  package func run() async {
    await withGracefulShutdownHandler {
      for await shell in pending {
        await apply(shell)
      }
    } onGracefulShutdown: { [requests] in
      requests.finish()
    }
    if status.isPublished { await set(published: false, reason: "the hub stops") }
  }

  private func apply(_ shell: ShellWatcher.Shell?) async {
    switch mode {
    case .off:
      return
    case .on:
      await set(published: true, reason: "--proxy on")
    case .auto:
      if let shell {
        await set(
          published: false,
          reason: "\(shell.name) (\(shell.busName)) shows every player and routes the media keys itself")
      } else {
        await set(published: true, reason: "no desktop shell shows every player")
      }
    }
  }

  private func set(published: Bool, reason: String) async {
    if let server, let proxy, published != status.isPublished {
      if published {
        proxy.setPublished(true)
        await request(ProxyNames.busName, on: server, queue: false)
        if answersPlayerctld { await request(HubNames.playerctldBusName, on: server, queue: true) }
      } else {
        proxy.setPublished(false)
        await release(ProxyNames.busName, on: server)
        if answersPlayerctld { await release(HubNames.playerctldBusName, on: server) }
      }
    }
    let status = Status(mode: mode, isPublished: published, reason: reason)
    let isNew = current.withLock { current in
      defer { current = status }
      return current != status
    }
    guard isNew else { return }
    logger.info(
      published ? "publishing the proxy player" : "publishing no MPRIS name of the hub's own",
      metadata: ["reason": "\(reason)"])
    changed(status)
  }

  /// Releases `name`; a failure is logged (the name is then released when the hub's connection
  /// closes).
  private func release(_ name: BusName, on server: Connection) async {
    do {
      try await server.releaseName(name)
      logger.info("released \(name)")
    } catch {
      logger.warning("cannot release \(name)", metadata: ["error": "\(error.message)"])
    }
  }

  /// Requests `name`; playerctld's is queued for, so that the bus hands it over whenever
  /// playerctld is not running.
  private func request(_ name: BusName, on server: Connection, queue: Bool) async {
    do {
      switch try await server.requestName(name, flags: queue ? [] : [.doNotQueue]) {
      case .primaryOwner, .alreadyOwner:
        logger.info("owning \(name)")
      case .inQueue:
        logger.info("\(name) is owned by another process; the hub takes it once that one stops")
      case .exists:
        logger.warning("\(name) is taken by another process", metadata: ["name": "\(name)"])
      }
    } catch {
      logger.error("cannot request \(name)", metadata: ["error": "\(error)"])
    }
  }
}
