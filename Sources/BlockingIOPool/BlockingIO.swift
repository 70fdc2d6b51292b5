import HubSupport
package import NIOPosix
import Synchronization

/// The hub's one hop for blocking work (a stat, a small read or write, a read of `/proc`), on
/// SwiftNIO's `NIOThreadPool`, as Hummingbird's `FileIO` does file work: no thread of Swift's
/// cooperative pool, and not the hub's bus thread, ever waits on the disk.
///
/// The pool has one thread, so work runs one item at a time in the order it was handed over,
/// whoever handed it: the device list's writes never overtake each other, and what a part queues
/// behind its earlier reads (the audio session's forget, behind the sound server's last events)
/// runs after them, as the serial queues this replaces promised. Every item is small, so one
/// thread is enough.
///
/// The pool starts on first use, once, and ``shutdown()`` stops it at the hub's end; a later use
/// (another hub in the same process) starts a new one.
package enum BlockingIO {
  /// SwiftNIO's pool with its one thread, once started.
  private static let current = Mutex<NIOThreadPool?>(nil)

  /// The pool, started now if it is not running.
  private static var pool: NIOThreadPool {
    current.withLock { current in
      if let pool = current { return pool }
      let pool = NIOThreadPool(numberOfThreads: 1)
      pool.start()
      current = pool
      return pool
    }
  }

  /// The pool itself, for a library that takes a `NIOThreadPool`: Hummingbird's `FileMiddleware`
  /// reads the web remote's page on it, so that NIO's singleton pool (two more threads) never
  /// starts.
  package static var threadPool: NIOThreadPool { pool }

  /// Runs `work` on the pool's thread after everything handed over before it; the callback form,
  /// for callers that are not in a task (a bus thread's handler). The corresponding SwiftNIO
  /// method is `NIOThreadPool.submit(_:)`.
  ///
  /// Work is never dropped: caught by ``shutdown()`` before the pool takes it, it runs on a
  /// thread of its own (``DetachedThread``).
  package static func submit(_ work: @escaping @Sendable () -> Void) {
    submit(work, to: pool)
  }

  /// Runs `work` on `pool`'s thread, or on a thread of its own when `pool` has stopped.
  private static func submit(_ work: @escaping @Sendable () -> Void, to pool: NIOThreadPool) {
    pool.submit { state in
      switch state {
      case .active: work()
      case .cancelled: DetachedThread.start(name: "blocking-io", work)
      }
    }
  }

  /// The result of `work`, run on the pool's thread after everything handed over before it; the
  /// `async` form.
  ///
  /// Unlike SwiftNIO's `NIOThreadPool.runIfActive(_:)`, work runs even when the task is cancelled
  /// while it waits, so that a write the caller started always lands.
  package static func run<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> Value
  ) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
      submit {
        do throws(Failure) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// Waits for the work handed over so far, then stops the pool's thread: at the hub's end. The
  /// corresponding SwiftNIO method is `NIOThreadPool.shutdownGracefully()`, which on its own
  /// would cancel what is still queued.
  package static func shutdown() async {
    guard let pool = current.withLock({ $0.take() }) else { return }
    await withCheckedContinuation { continuation in
      submit({ continuation.resume() }, to: pool)
    }
    // It fails only for a pool that cannot be stopped, which NIO's singleton is and this is not.
    try? await pool.shutdownGracefully()
  }
}
