import DBus
package import Logging
import Synchronization

/// What every bridge connection shares: the configuration, the numbers given to instance
/// names, the artwork fetcher, and a count of the players published.
///
/// Make one per hub and give it to the ``BridgeRoutes`` of each listener.
package final class BridgeHub: Sendable {
  /// How the bridge publishes players and whom it lets in.
  package var configuration: BridgeConfiguration { state.withLock { $0.configuration } }
  /// How many bridged players are on the bus now.
  package var playerCount: Int { state.withLock { $0.playerCount } }

  let logger: Logger
  let fetcher: ArtworkFetcher
  /// The one thread every bridged player's bus connection is served on; `nil` when it could not
  /// be started (each player then has a thread of its own).
  let connectionThread: ConnectionThread?
  private struct State {
    var configuration: BridgeConfiguration
    var nextInstance: Int32 = 1
    var playerCount = 0
  }
  private let state: Mutex<State>

  /// Creates the shared state of a bridge.
  package init(configuration: BridgeConfiguration, logger: Logger = Logger(label: "Bridge")) {
    self.state = Mutex(State(configuration: configuration))
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

  /// Counts a player published (`+1`) or removed (`-1`).
  func countPlayers(_ change: Int) {
    state.withLock { $0.playerCount += change }
  }
}
