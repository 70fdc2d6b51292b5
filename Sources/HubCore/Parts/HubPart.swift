package import DBus
package import Logging
package import ServiceLifecycle

/// One long-running part of the hub, run as a `Service` in remotectld's one `ServiceGroup`, with
/// the rule that says what its end does to the other parts.
///
/// The rule (``Role``):
///
/// - An **essential** part is one the hub cannot do its job without: the hub itself (its bus
///   connection, view and names), the proxy player's names, the audio session, the headset button.
///   None ends before the hub stops (each logs and retries what can fail); if one ends or fails
///   anyway, the whole hub shuts down gracefully, in order, and remotectld exits 1 saying which part
///   and why, so that systemd (`Restart=on-failure`) starts it again: a hub that silently stopped
///   pausing for calls, or taking the headset button, would be worse than one restarted.
/// - A **listener** serves clients of its own: the web server, the web remote, the bridge. Its
///   failure (its port taken, its folder unwritable) is logged as an error and said on the hub's
///   bus interfaces, where `remotectl doctor` reads it (``Role/listener(report:)``), and takes
///   nothing else down: the hub goes on serving MPRIS, and the other listeners go on listening.
///   One with nothing to serve waits for the hub to stop, whenever that comes.
///
/// The group stops the parts in the reverse of their order (``HubService/start(_:bridge:logger:)``),
/// each waited for before the next.
package struct HubPart: Sendable {
  /// What the group does when the part ends before the hub stops.
  package enum Role: Sendable {
    /// The hub stops with it, gracefully, and exits 1.
    case essential
    /// The hub goes on without it; `report` is told why it stopped (for `remotectl doctor`).
    case listener(report: @Sendable (String) -> Void)
  }

  /// What the part is, in the words of the hub's log: "the web server".
  package let name: String
  package let role: Role
  /// The D-Bus interfaces the part answers at the hub's path: exported before the hub owns its
  /// name, so that a controller that sees the name finds every one of them.
  package let interfaces: [Interface]
  /// The part's work: it returns once graceful shutdown has stopped it.
  package let run: @Sendable () async throws -> Void

  /// A part named `name` that runs `run`.
  package init(
    _ name: String, _ role: Role, interfaces: [Interface] = [],
    run: @escaping @Sendable () async throws -> Void
  ) {
    self.name = name
    self.role = role
    self.interfaces = interfaces
    self.run = run
  }

  /// A part named `name` that runs `service`.
  package init(_ name: String, _ role: Role, interfaces: [Interface] = [], service: some Service) {
    self.init(name, role, interfaces: interfaces) { try await service.run() }
  }

  /// The part in the group: the rule as termination behaviours, its end logged.
  package func serviceConfiguration(logger: Logger) -> ServiceGroupConfiguration.ServiceConfiguration {
    let behavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior =
      switch role {
      case .essential: .gracefullyShutdownGroup
      case .listener: .ignore
      }
    return .init(
      service: Running(part: self, logger: logger), successTerminationBehavior: behavior,
      failureTerminationBehavior: behavior, serviceName: name)
  }
}

extension HubPart {
  /// A part as the group runs it: its end, unless graceful shutdown asked for it, is logged (the
  /// group itself logs only at debug level), and an essential part's becomes the error that
  /// ends the hub.
  private struct Running: Service {
    let part: HubPart
    let logger: Logger

    func run() async throws {
      do {
        try await part.run()
      } catch {
        try fail(error)
      }
      guard !Task.isShuttingDownGracefully, !Task.isCancelled else { return }
      switch part.role {
      case .essential:
        throw HubError("\(part.name) stopped before the hub did, so the hub stops")
      case .listener:
        // A listener with nothing to serve (the bridge with --no-bridge) ends here, having said
        // why, and waits for the hub to stop: the group takes a part that returns while it stops
        // the others for one that ended unexpectedly, and cancels them all.
        logger.debug("\(part.name) ended")
        do {
          try await gracefulShutdown()
        } catch is CancellationError {
          // Cancelled rather than stopped gracefully: the hub stops all the same.
        }
      }
    }

    /// Logs `error` as the rule says and rethrows it: an essential part's as the ``HubError``
    /// that ends the hub.
    private func fail(_ error: any Error) throws -> Never {
      let isStopping = Task.isShuttingDownGracefully || Task.isCancelled
      switch part.role {
      case .essential:
        throw HubError(
          "\(part.name) failed\(isStopping ? " while the hub stopped" : ", so the hub stops"): \(error)")
      case .listener(let report):
        if isStopping {
          logger.warning("\(part.name) stopped with an error", metadata: ["error": "\(error)"])
        } else {
          logger.error("\(part.name) stopped; the hub goes on without it", metadata: ["error": "\(error)"])
          report("\(part.name) stopped: \(error)")
        }
        throw error
      }
    }
  }
}
