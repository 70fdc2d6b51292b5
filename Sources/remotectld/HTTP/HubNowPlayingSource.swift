import Logging
import NowPlayingArbiter
import Synchronization
import WebRemote

/// The hub's order and Now Playing player, as the web remote reads them, and its `Select`.
final class HubNowPlayingSource: NowPlayingSource {
  private let hub: Hub
  private let streams = Streams()

  /// The streams handed out, by id.
  private final class Streams: Sendable {
    let continuations = Mutex<[Int: AsyncStream<NowPlayingOrder>.Continuation]>([:])
    let nextID = Mutex(0)
  }

  /// A source that follows `hub` from now on.
  init(hub: Hub) {
    self.hub = hub
    hub.observe { [streams] change in
      let order = Self.order(change.now)
      for continuation in streams.continuations.withLock({ Array($0.values) }) { continuation.yield(order) }
    }
  }

  static func order(_ nowPlaying: NowPlaying) -> NowPlayingOrder {
    NowPlayingOrder(players: nowPlaying.players.map(\.busName), nowPlaying: nowPlaying.active?.busName)
  }

  func currentOrder() -> NowPlayingOrder { Self.order(hub.nowPlaying) }

  func orderChanges() -> AsyncStream<NowPlayingOrder> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: NowPlayingOrder.self, bufferingPolicy: .bufferingNewest(64))
    let id = streams.nextID.withLock { id in
      id += 1
      return id
    }
    streams.continuations.withLock { $0[id] = continuation }
    continuation.onTermination = { [streams] _ in streams.continuations.withLock { $0[id] = nil } }
    return stream
  }

  /// Ends every stream: the hub stops.
  func finish() {
    for continuation in streams.continuations.withLock({ Array($0.values) }) { continuation.finish() }
  }

  func handOver(_ busNames: Set<String>) {
    hub.handOver(busNames)
  }

  func select(busName: String) async throws(APIError) {
    guard hub.candidate(named: busName) != nil else {
      throw APIError(.unknownPlayer, "the hub does not list \(busName)")
    }
    let active = await hub.apply([.select(busName)]).active
    hub.logger.info("Select from the web remote", metadata: ["active": "\(active?.busName ?? "none")"])
  }
}
