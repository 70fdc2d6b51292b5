import Synchronization
import WebRemote

/// A hub stand-in for the protocol tests: an order the test sets, and `select` that makes the
/// selected player Now Playing and first.
final class FixedNowPlayingSource: NowPlayingSource {
  private let order: Mutex<NowPlayingOrder>
  private let continuations = Mutex<[AsyncStream<NowPlayingOrder>.Continuation]>([])
  /// Every set of players handed over to lock screens, in order.
  let handedOver = Mutex<[Set<String>]>([])

  init(_ order: NowPlayingOrder) {
    self.order = Mutex(order)
  }

  func currentOrder() -> NowPlayingOrder { order.withLock { $0 } }

  func orderChanges() -> AsyncStream<NowPlayingOrder> {
    let (stream, continuation) = AsyncStream.makeStream(of: NowPlayingOrder.self)
    continuations.withLock { $0.append(continuation) }
    return stream
  }

  /// Sets the order and tells the web remote.
  func set(_ new: NowPlayingOrder) {
    order.withLock { $0 = new }
    for continuation in continuations.withLock({ $0 }) { continuation.yield(new) }
  }

  func handOver(_ busNames: Set<String>) {
    handedOver.withLock { $0.append(busNames) }
  }

  func select(busName: String) async throws(APIError) {
    let current = currentOrder()
    guard current.players.contains(busName) else { throw APIError(.unknownPlayer, "no \(busName)") }
    set(NowPlayingOrder(players: [busName] + current.players.filter { $0 != busName }, nowPlaying: busName))
  }
}
