import DBus
import HubCore
import Logging
import NowPlayingArbiter
import RemoteControl
import Synchronization
import WebRemote

/// The hub's order and Now Playing player, as the web remote reads them, and its `Select`.
final class HubNowPlayingSource: NowPlayingSource {
  private let hub: Hub
  private let streams = Streams()
  /// What stops following the hub.
  private let following: ObservationToken

  /// The streams handed out.
  private final class Streams: Sendable {
    let continuations = Mutex(ObserverList<AsyncStream<NowPlayingOrder>.Continuation>())
  }

  /// A source that follows `hub` until ``finish()``.
  package init(hub: Hub) {
    self.hub = hub
    following = hub.observe { [streams] change in
      let order = Self.order(change.now)
      for continuation in streams.continuations.withLock({ $0 }) { continuation.yield(order) }
    }
  }

  package static func order(_ nowPlaying: NowPlaying) -> NowPlayingOrder {
    NowPlayingOrder(players: nowPlaying.players.map(\.busName), nowPlaying: nowPlaying.active?.busName)
  }

  func currentOrder() -> NowPlayingOrder { Self.order(hub.nowPlaying) }

  func orderChanges() -> AsyncStream<NowPlayingOrder> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: NowPlayingOrder.self, bufferingPolicy: .bufferingNewest(64))
    let token = streams.continuations.withLock { $0.add(continuation) }
    continuation.onTermination = { [streams] _ in streams.continuations.withLock { $0.remove(token) } }
    return stream
  }

  /// Stops following the hub and ends every stream: the hub stops.
  func finish() {
    hub.removeObserver(following)
    for continuation in streams.continuations.withLock({ $0 }) { continuation.finish() }
  }

  func handOver(_ busNames: Set<String>) {
    hub.handOver(busNames)
  }

  func isSystemBusPlayer(owner: String) -> Bool {
    guard let owner = BusName(rawValue: owner), case .systemBusPlayer? = hub.relays.relayed(by: owner) else {
      return false
    }
    return true
  }

  package func select(busName: String) async throws(APIError) {
    guard hub.candidate(named: busName) != nil else {
      throw APIError(.unknownPlayer, "the hub does not list \(busName)")
    }
    let active = await hub.apply([.select(busName)]).active
    hub.logger.info("Select from the web remote", metadata: ["active": "\(active?.busName ?? "none")"])
  }
}
