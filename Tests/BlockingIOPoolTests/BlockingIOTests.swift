import BlockingIOPool
import Synchronization
import Testing

/// The hub's one hop for blocking work: the order the serial queues it replaced promised, and
/// both of its forms.
@Suite("BlockingIO: the hub's hop for blocking work")
struct BlockingIOTests {
  /// A failure the work throws, handed back to the caller as it is.
  struct Refusal: Error, Equatable {}

  @Test func workRunsInTheOrderItWasHandedOverWhicheverFormHandedIt() async {
    let order = Mutex<[Int]>([])
    for index in 0..<500 {
      BlockingIO.submit { order.withLock { $0.append(index) } }
    }
    let last = await BlockingIO.run { () -> Int in
      order.withLock { $0.append(500) }
      return 500
    }
    #expect(last == 500)
    #expect(order.withLock { $0 } == Array(0...500))
  }

  @Test func theAsyncFormHandsBackWhatTheWorkThrows() async {
    await #expect(throws: Refusal()) {
      try await BlockingIO.run { () throws(Refusal) -> Int in throw Refusal() }
    }
  }
}
