package import DBus
package import Logging
import RemoteControlMPRIS
import ServiceLifecycle
import Synchronization

/// Whether the hub publishes its MPRIS names (the proxy player's and playerctld's), which, and
/// why; it requests and releases them as the mode, the program that lists every player
/// (``ShellWatcher``) and playerctld's name say, as a `Service` of the hub.
package final class ProxyPublication: Service, Sendable {
  /// What applies now, as `remotectl hub` and `remotectl doctor` show it.
  package struct Status: Sendable, Hashable {
    package var mode: ProxyMode
    package var isPublished: Bool
    package var reason: String
  }

  /// Which of the hub's MPRIS names a mode and the programs that run ask for.
  package enum Names: Sendable, Hashable {
    /// None: the hub arbitrates for its own doors alone.
    case none
    /// The proxy's and playerctld's (queued for, while playerctld runs).
    case both
    /// playerctld's alone: the proxy is published while the hub holds it.
    case playerctldAlone
  }

  /// What the publication follows.
  private enum Input: Sendable {
    case shell(ShellWatcher.Shell?)
    case playerctldOwner(BusName?)
  }

  /// What is held now.
  private struct Held: Sendable {
    var proxyName = false
    var playerctld = PlayerctldNameHold()
    var hasStarted = false
  }

  package let mode: ProxyMode
  private let server: Connection?
  private let proxy: Outlet?
  private let answersPlayerctld: Bool
  /// Whether a call may wait for the proxy's name as the hub starts.
  private let activation: ProxyActivation
  private let logger: Logger
  private let current: Mutex<Status>
  /// What ``start(shell:)`` settled before the hub owned its name, where ``run()`` goes on from.
  private let settled = Mutex<(shell: ShellWatcher.Shell?, held: Held)?>(nil)
  private let requests: AsyncStream<Input>.Continuation
  private let pending: AsyncStream<Input>
  /// Called with each new status (the hub announces it).
  private let changed: @Sendable (Status) -> Void

  /// A publication in `mode` of `proxy`, the Now Playing player's outlet on `server` (both `nil`
  /// when the mode is off), in a hub started as `activation` says.
  package init(
    mode: ProxyMode, server: Connection?, proxy: Outlet?, answersPlayerctld: Bool,
    activation: ProxyActivation, logger: Logger, changed: @escaping @Sendable (Status) -> Void
  ) {
    self.mode = mode
    self.activation = activation
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
  package func start(shell: ShellWatcher.Shell?) async {
    var held = Held()
    let (names, reason) = Self.names(for: mode, shell: shell)
    await apply(names, reason: reason, held: &held)
    settled.withLock { $0 = (shell, held) }
  }

  /// The program that lists every player now (`nil`: none); the names follow, in order.
  package func shellChanged(_ shell: ShellWatcher.Shell?) {
    requests.yield(.shell(shell))
  }

  /// The names `mode` asks for while `shell` runs, and why.
  package static func names(for mode: ProxyMode, shell: ShellWatcher.Shell?) -> (Names, String) {
    switch mode {
    case .off: return (.none, "--proxy off")
    case .on: return (.both, "--proxy on")
    case .playerctld: return (.playerctldAlone, "--proxy playerctld")
    case .auto:
      guard let shell else { return (.both, "no desktop shell shows every player") }
      let reason = "\(shell.name) (\(shell.busName)) \(shell.does)"
      switch shell.listing {
      case .everyName: return (.none, reason)
      case .everyNameButPlayerctld: return (.playerctldAlone, reason)
      }
    }
  }

  /// Requests and releases the names as told until graceful shutdown; then releases them.
  package func run() async {
    var watch: Subscription?
    if let server, answersPlayerctld, mode != .off {
      // playerctld may have left between start(shell:)'s request and the watch, handing the hub
      // its name unseen: its owner is asked once the watch is in place.
      watch = await PlayerctldNameHold.follow(on: server, askingNow: true, logger: logger) {
        [requests] owner in requests.yield(.playerctldOwner(owner))
      }
    }
    var (shell, held) = settled.withLock { $0 } ?? (nil, Held())
    await withGracefulShutdownHandler {
      for await input in pending {
        switch input {
        case .shell(let now): shell = now
        case .playerctldOwner(let owner):
          if let server { held.playerctld.ownerChanged(to: owner, on: server) }
        }
        let (names, reason) = Self.names(for: mode, shell: shell)
        await apply(names, reason: reason, held: &held)
      }
    } onGracefulShutdown: { [requests] in
      requests.finish()
    }
    watch?.cancel()
    if status.isPublished || held.proxyName || held.playerctld.isRequested {
      await apply(.none, reason: "the hub stops", held: &held)
    }
  }

  /// Requests and releases names until `held` is what `names` asks for.
  private func apply(_ names: Names, reason: String, held: inout Held) async {
    guard let server, let proxy, mode != .off else {
      set(published: false, reason: reason)
      return
    }
    switch names {
    case .none:
      proxy.setPublished(false)
      if held.proxyName { await releaseProxyName(on: server, held: &held) }
      await held.playerctld.release(on: server, logger: logger)
      set(published: false, reason: reason)
    case .both:
      proxy.setPublished(true)
      if !held.proxyName {
        held.proxyName = await server.requestName(ProxyNames.busName, queue: false, logger: logger)
      }
      if answersPlayerctld { await held.playerctld.request(on: server, logger: logger) }
      set(published: true, reason: reason)
    case .playerctldAlone:
      guard answersPlayerctld else {
        await apply(.none, reason: reason + ", and --playerctld off leaves the proxy no name", held: &held)
        return
      }
      await held.playerctld.request(on: server, logger: logger)
      let ownsPlayerctld = held.playerctld.isOwned
      // Started by D-Bus activation, perhaps of the proxy's name, the hub owns it once, so that
      // the call that started it is delivered, and lets it go; never when nothing can be waiting
      // for it, where a running playerctld would see it come and go (ProxyActivation).
      let mayBeCalled = !held.hasStarted && activation.ownsProxyNameOnce(ownsPlayerctld: ownsPlayerctld)
      if mayBeCalled, !held.proxyName {
        held.proxyName = await server.requestName(ProxyNames.busName, queue: false, logger: logger)
      }
      if held.proxyName { await releaseProxyName(on: server, held: &held) }
      proxy.setPublished(ownsPlayerctld)
      set(
        published: ownsPlayerctld,
        reason: reason
          + (ownsPlayerctld
            ? ": the proxy under playerctld's name alone"
            : ": playerctld runs and holds its name; the proxy takes it once playerctld stops"))
    }
    held.hasStarted = true
  }

  private func set(published: Bool, reason: String) {
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

  /// Releases the proxy's name, noting in `held` that it is no longer held.
  private func releaseProxyName(on server: Connection, held: inout Held) async {
    held.proxyName = false
    await server.releaseName(ProxyNames.busName, logger: logger)
  }
}
