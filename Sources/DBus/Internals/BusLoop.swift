import Dispatch
import Glibc
import Synchronization

/// One connection's side of the thread that alone touches its sd-bus object: its own
/// ``BusThread``, or one it shares with other connections (a ``ConnectionThread``).
///
/// Jobs for the connection run on that thread, in the order they were handed over.
final class BusLoop: @unchecked Sendable {
  // Safe because: `state` is used only on the owner thread (inside jobs); every other stored
  // property is immutable, atomic or guarded by a Mutex.

  /// Work for the owner thread.
  typealias Job = @Sendable (BusState) -> Void

  /// What other threads may read about the connection.
  struct Shared {
    var uniqueName: BusName?
    var onReconnect: (@Sendable () -> Void)?
    var onReconnectFailure: (@Sendable (BusError) -> Void)?
    var onUndeliveredMessage: (@Sendable (BusError) -> Void)?
    var exported: [ExportKey: Interface] = [:]
    var exportIDs: [ExportKey: UInt64] = [:]
  }

  /// The thread that serves the connection.
  let thread: BusThread
  /// Set once ``stop()`` was called: later jobs are dropped.
  private let closed = Atomic<Bool>(false)
  /// Read by any thread, written by the owner thread (and by export bookkeeping).
  let shared = Mutex(Shared())
  let state: BusState

  /// The owner thread's Linux thread id (`/proc/self/task/<id>`), 0 until it runs.

  // MARK: - Starting and stopping

  private init(address: BusAddress, thread: BusThread) {
    self.thread = thread
    state = BusState(address: address)
    state.loop = self
  }

  /// Connects to `address` on `thread` (a thread of its own when `nil`), suspending (not
  /// blocking) the caller until the bus has answered Hello; throws when that fails.
  static func connect(_ address: BusAddress, on thread: BusThread? = nil) async throws(BusError) -> BusLoop {
    let loop: BusLoop
    if let thread {
      loop = BusLoop(address: address, thread: thread)
    } else {
      loop = BusLoop(address: address, thread: try BusThread(endsWithLastMember: true))
    }
    let result: Result<Void, BusError> = await withCheckedContinuation { continuation in
      loop.start { continuation.resume(returning: $0) }
    }
    if case .failure(let error) = result { throw error }
    return loop
  }

  /// Connects to `address` on a thread of its own, blocking the calling thread until the bus has
  /// answered Hello; throws when that fails. Never call it from Swift's cooperative pool: use
  /// ``connect(_:on:)``.
  static func connectBlocking(_ address: BusAddress) throws(BusError) -> BusLoop {
    let loop = BusLoop(address: address, thread: try BusThread(endsWithLastMember: true))
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result<Void, BusError>>(.success(()))
    loop.start { outcome in
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    if case .failure(let error) = result.withLock({ $0 }) { throw error }
    return loop
  }

  /// Connects on the owner thread and reports the outcome to `started` (on the owner thread);
  /// the connection is served from then on. After a failure a thread of its own ends.
  private func start(_ started: @escaping @Sendable (Result<Void, BusError>) -> Void) {
    let accepted = thread.submit { [self] in
      do throws(BusError) {
        try state.connect()
      } catch {
        closed.store(true, ordering: .relaxed)
        if thread.endsWithLastMember {
          // Nobody needs to wait for a thread of its own that failed: it ends by itself.
          thread.stopFromOwnerThread()
          thread.join()
        }
        started(.failure(error))
        return
      }
      thread.attach(state)
      started(.success(()))
    }
    if !accepted {
      closed.store(true, ordering: .relaxed)
      started(.failure(BusError(.disconnected, "the bus thread has stopped")))
    }
  }

  /// Closes the connection after the jobs already handed over, and waits until it is closed (a
  /// thread of its own has ended), unless called on the owner thread. Later jobs are dropped.
  func stop() {
    guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    if isOwnerThread {
      thread.detach(state)
      if thread.endsWithLastMember { thread.join() }
      return
    }
    let done = DispatchSemaphore(value: 0)
    let accepted = thread.submit { [self] in
      thread.detach(state)
      done.signal()
    }
    guard accepted else { return }
    if thread.endsWithLastMember {
      thread.join()
    } else {
      done.wait()
    }
  }

  // MARK: - Reporting what nobody waits for

  /// Hands `error` to ``Connection/onReconnectFailure``, if set; on the owner thread.
  func reportReconnectFailure(_ error: BusError) {
    let handler = shared.withLock { $0.onReconnectFailure }
    handler?(error)
  }

  /// Hands `error` to ``Connection/onUndeliveredMessage``, if set; on the owner thread.
  func reportUndeliveredMessage(_ error: BusError) {
    let handler = shared.withLock { $0.onUndeliveredMessage }
    handler?(error)
  }

  // MARK: - Handing over work

  /// Whether the caller runs on the owner thread.
  var isOwnerThread: Bool { thread.isOwnerThread }

  /// Queues `job` for the owner thread; returns `false` (and drops it) once the connection is
  /// closed.
  @discardableResult
  func submit(_ job: @escaping Job) -> Bool {
    guard !closed.load(ordering: .relaxed) else { return false }
    return thread.submit { [self] in job(state) }
  }

  /// Runs `job` now when called on the owner thread, otherwise queues it.
  func run(_ job: @escaping Job) {
    if isOwnerThread { job(state) } else { submit(job) }
  }

  /// Starts `body` on the owner thread and suspends until it calls its completion, which it may
  /// do later (for example when a reply arrives).
  func async<T: Sendable>(
    _ body: @escaping @Sendable (BusState, @escaping @Sendable (Result<T, BusError>) -> Void) -> Void
  ) async throws(BusError) -> T {
    let result: Result<T, BusError> = await withCheckedContinuation { continuation in
      let once = Atomic<Bool>(false)
      let complete: @Sendable (Result<T, BusError>) -> Void = { result in
        guard !once.exchange(true, ordering: .acquiringAndReleasing) else { return }
        continuation.resume(returning: result)
      }
      if !submit({ state in body(state, complete) }) {
        complete(.failure(BusError(.disconnected, "the connection is closed")))
      }
    }
    return try result.get()
  }
}
