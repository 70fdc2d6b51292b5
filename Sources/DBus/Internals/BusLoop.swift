import Dispatch
import Glibc
import Synchronization

/// The dedicated thread that alone touches one connection's sd-bus object.
///
/// Other threads hand it jobs through a mailbox and wake it through a pipe. It sleeps in
/// `poll` on the bus socket and the pipe, with a timeout only when sd-bus has a deadline (a
/// pending call) or while reconnecting: an idle connection causes no wake-ups.
final class BusLoop: @unchecked Sendable {
  // Safe because: `state` is used only on the owner thread (inside jobs and the loop itself);
  // every other stored property is immutable, atomic or guarded by a Mutex.

  /// Work for the owner thread.
  typealias Job = @Sendable (BusState) -> Void

  private struct Mailbox {
    var jobs: [Job] = []
    var stopping = false
    var stopped = false
  }

  /// What other threads may read about the connection.
  struct Shared {
    var uniqueName: BusName?
    var onReconnect: (@Sendable () -> Void)?
    var onReconnectFailure: (@Sendable (BusError) -> Void)?
    var exported: [ExportKey: Interface] = [:]
    var exportIDs: [ExportKey: UInt64] = [:]
  }

  private let mailbox = Mutex(Mailbox())
  private let wakeUp: WakeUp
  private let ownerThread = Atomic<UInt>(0)
  /// The owner thread's Linux thread id (`/proc/self/task/<id>`), 0 until it runs.
  let kernelThreadID = Atomic<Int32>(0)
  private let threadHandle = Mutex<pthread_t?>(nil)
  /// Read by any thread, written by the owner thread (and by export bookkeeping).
  let shared = Mutex(Shared())
  let state: BusState

  // MARK: - Starting and stopping

  /// Prepares a loop for `address`; nothing runs until ``start(_:)``.
  private init(address: BusAddress) throws(BusError) {
    wakeUp = try WakeUp()
    state = BusState(address: address)
    state.loop = self
  }

  /// Starts the owner thread and connects to `address` on it, suspending (not blocking) the
  /// caller until the bus has answered Hello; throws when that fails.
  static func connect(_ address: BusAddress) async throws(BusError) -> BusLoop {
    let loop = try BusLoop(address: address)
    let result: Result<Void, BusError> = await withCheckedContinuation { continuation in
      loop.start { continuation.resume(returning: $0) }
    }
    if case .failure(let error) = result {
      loop.releaseFailedThread()
      throw error
    }
    return loop
  }

  /// Starts the owner thread and connects to `address` on it, blocking the calling thread until
  /// the bus has answered Hello; throws when that fails. Never call it from Swift's cooperative
  /// pool: use ``connect(_:)``.
  static func connectBlocking(_ address: BusAddress) throws(BusError) -> BusLoop {
    let loop = try BusLoop(address: address)
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result<Void, BusError>>(.success(()))
    loop.start { outcome in
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    if case .failure(let error) = result.withLock({ $0 }) {
      loop.releaseFailedThread()
      throw error
    }
    return loop
  }

  /// Starts the owner thread, which connects and reports the outcome to `started` (on the owner
  /// thread) before it serves. After a failure the thread has cleaned up and ends by itself.
  private func start(_ started: @escaping @Sendable (Result<Void, BusError>) -> Void) {
    let context = Unmanaged.passRetained(
      ThreadStart { [self] in
        do throws(BusError) {
          try state.connect()
        } catch {
          mailbox.withLock {
            $0.stopping = true; $0.stopped = true
          }
          wakeUp.close()
          started(.failure(error))
          return
        }
        started(.success(()))
        runLoop()
      })
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
        start.body()
        return nil
      }, context.toOpaque())
    guard created == 0 else {
      context.release()
      mailbox.withLock {
        $0.stopping = true; $0.stopped = true
      }
      wakeUp.close()
      started(
        .failure(
          BusError(.failed, "could not start the bus thread", operation: "pthread_create", errno: created)))
      return
    }
    threadHandle.withLock { $0 = thread }
  }

  /// Lets a thread that failed to connect end by itself: it has reported and is returning, so
  /// nobody needs to wait for it.
  private func releaseFailedThread() {
    if let thread = threadHandle.withLock({ handle in
      defer { handle = nil }; return handle
    }) {
      pthread_detach(thread)
    }
  }

  /// Stops the thread after the jobs already queued, closes the connection and waits for the
  /// thread to end (unless called on it). Later jobs are dropped.
  func stop() {
    let alreadyStopping = mailbox.withLock { mailbox in
      defer { mailbox.stopping = true }
      return mailbox.stopping
    }
    guard !alreadyStopping else { return }
    wakeUp.signal()
    guard
      let thread = threadHandle.withLock({ handle in
        defer { handle = nil }; return handle
      })
    else { return }
    if isOwnerThread {
      pthread_detach(thread)
    } else {
      pthread_join(thread, nil)
    }
  }

  // MARK: - Handing over work

  /// Whether the caller runs on the owner thread.
  var isOwnerThread: Bool {
    ownerThread.load(ordering: .relaxed) == UInt(pthread_self())
  }

  /// Queues `job` for the owner thread; returns `false` (and drops it) once the loop has stopped.
  @discardableResult
  func submit(_ job: @escaping Job) -> Bool {
    let accepted = mailbox.withLock { mailbox in
      guard !mailbox.stopped else { return false }
      mailbox.jobs.append(job)
      return true
    }
    if accepted { wakeUp.signal() }
    return accepted
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
      let accepted = mailbox.withLock { mailbox in
        guard !mailbox.stopped else { return false }
        mailbox.jobs.append { state in body(state, complete) }
        return true
      }
      if accepted {
        wakeUp.signal()
      } else {
        complete(.failure(BusError(.disconnected, "the connection is closed")))
      }
    }
    return try result.get()
  }

  // MARK: - The loop

  private func runLoop() {
    ownerThread.store(UInt(pthread_self()), ordering: .relaxed)
    kernelThreadID.store(currentKernelThreadID(), ordering: .relaxed)
    while true {
      let (jobs, stopping) = mailbox.withLock { mailbox in
        defer { mailbox.jobs.removeAll(keepingCapacity: true) }
        return (mailbox.jobs, mailbox.stopping)
      }
      for job in jobs { job(state) }
      if stopping { break }
      state.processIncoming()
      var descriptors = [pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0)]
      var timeout: Int32 = -1
      if let wait = state.pollRequest() {
        if let descriptor = wait.descriptor { descriptors.append(descriptor) }
        if let deadline = wait.deadline { timeout = pollTimeout(until: deadline) }
      }
      waitForEvents(&descriptors, timeout: timeout)
      if descriptors[0].revents != 0 { wakeUp.drain() }
      state.handleWakeUp()
    }
    let leftovers = mailbox.withLock { mailbox in
      mailbox.stopped = true
      defer { mailbox.jobs.removeAll() }
      return mailbox.jobs
    }
    for job in leftovers { job(state) }
    state.shutDown()
    wakeUp.close()
  }
}

/// The closure a new thread runs, boxed so it can cross `pthread_create`.
private final class ThreadStart {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}
