import DBus
package import Logging
import Synchronization

/// What every bridge connection shares: the configuration, the numbers given to instance
/// names, the artwork fetcher, and the bus names of the players published.
///
/// Make one per hub and give it to the ``BridgeRoutes`` of each listener.
package final class BridgeHub: Sendable {
  /// How the bridge publishes players and whom it lets in.
  package var configuration: BridgeConfiguration { state.withLock { $0.configuration } }
  /// How many bridged players are on the bus now.
  package var playerCount: Int { state.withLock { $0.published.count } }
  /// The bus names of the bridged players on the bus now.
  package var publishedBusNames: Set<String> { state.withLock { $0.published } }

  let logger: Logger
  let fetcher: ArtworkFetcher
  /// The one thread every bridged player's bus connection is served on; `nil` when it could not
  /// be started (each player then has a thread of its own).
  let connectionThread: ConnectionThread?
  private struct State {
    var configuration: BridgeConfiguration
    var nextInstance: Int32 = 1
    var published: Set<String> = []
  }
  private let state: Mutex<State>
  /// Told the bus names of the bridged players on the bus each time they change.
  private let onPublishedChange: @Sendable (Set<String>) -> Void

  /// Creates the shared state of a bridge.
  ///
  /// - Parameters:
  ///   - configuration: How the bridge publishes its clients' players and whom it lets in.
  ///   - logger: Where the bridge logs.
  ///   - onPublishedChange: Told the bus names of the bridged players on the bus each time a
  ///     player is published or removed (the hub knows from it which players are pages, whose
  ///     browser may publish the same audio again as a player of its own).
  package init(
    configuration: BridgeConfiguration, logger: Logger = Logger(label: "Bridge"),
    onPublishedChange: @escaping @Sendable (Set<String>) -> Void = { _ in }
  ) {
    self.state = Mutex(State(configuration: configuration))
    self.onPublishedChange = onPublishedChange
    self.logger = logger
    self.fetcher = ArtworkFetcher(
      limit: configuration.limits.artworkBytes, time: configuration.limits.artworkFetchTime)
    do {
      connectionThread = try ConnectionThread()
    } catch {
      logger.warning("bridged players each get a bus thread of their own: \(error)")
      connectionThread = nil
    }
  }

  /// Adds origins that are always allowed: the hub's own, once its port is known.
  package func allowOwnOrigins(_ origins: Set<String>) {
    state.withLock { $0.configuration.ownOrigins.formUnion(origins) }
  }

  /// A number for an instance name, never given before by this hub.
  func nextInstanceNumber() -> Int32 {
    state.withLock { state in
      defer { state.nextInstance += 1 }
      return state.nextInstance
    }
  }

  /// Notes that a player is on the bus as `busName` (`isPublished`) or no longer is, and tells
  /// the observer given to ``init(configuration:logger:onPublishedChange:)``.
  func published(_ busName: String, _ isPublished: Bool) {
    let now = state.withLock { state in
      if isPublished { state.published.insert(busName) } else { state.published.remove(busName) }
      return state.published
    }
    onPublishedChange(now)
  }
}
