import Glibc
import Synchronization

/// A dedicated thread that alone touches the sd-bus objects of the connections it serves: one
/// connection's own, or several connections' (a ``ConnectionThread``).
///
/// Other threads hand it jobs through a mailbox and wake it through a pipe. It sleeps in `poll`
/// on its connections' sockets and the pipe, with a timeout only when sd-bus has a deadline (a
/// pending call) or a connection is reconnecting: idle connections cause no wake-ups.
final class BusThread: @unchecked Sendable {
  // Safe because: `members` is used only on the owner thread (inside jobs and the loop itself);
  // every other stored property is immutable, atomic or guarded by a Mutex.

  private struct Mailbox {
    var jobs: [@Sendable () -> Void] = []
    var stopping = false
    var stopped = false
  }

  private let mailbox = Mutex(Mailbox())
  private let wakeUp: WakeUp
  private let ownerThread = Atomic<UInt>(0)
  /// The owner thread's Linux thread id (`/proc/self/task/<id>`), 0 until it runs.
  let kernelThreadID = Atomic<Int32>(0)
  private let threadHandle = Mutex<pthread_t?>(nil)
  /// The connections served, on the owner thread only.
  private var members: [BusState] = []
  /// Whether the thread ends when its last connection closes (a connection's own thread), rather
  /// than when stopped (a shared one).
  let endsWithLastMember: Bool

  /// Makes the loop of a thread that is already running: the one that calls
  /// ``runOnCallingThread()``. Jobs handed over before then wait for it.
  init(servingCallingThread: Void) throws(BusError) {
    endsWithLastMember = false
    wakeUp = try WakeUp()
  }

  /// Starts a thread.
  init(endsWithLastMember: Bool) throws(BusError) {
    self.endsWithLastMember = endsWithLastMember
    wakeUp = try WakeUp()
    let context = Unmanaged.passRetained(ThreadStart { [self] in runLoop() })
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
      wakeUp.close()
      throw BusError(.failed, "could not start the bus thread", operation: "pthread_create", errno: created)
    }
    threadHandle.withLock { $0 = thread }
  }

  // MARK: - Handing over work

  /// Whether the caller runs on the owner thread.
  var isOwnerThread: Bool {
    ownerThread.load(ordering: .relaxed) == UInt(pthread_self())
  }

  /// Queues `job` for the owner thread; returns `false` (and drops it) once the thread has stopped.
  @discardableResult
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    let accepted = mailbox.withLock { mailbox in
      guard !mailbox.stopped else { return false }
      mailbox.jobs.append(job)
      return true
    }
    if accepted { wakeUp.signal() }
    return accepted
  }

  // MARK: - Members

  /// Serves `state` from now on; on the owner thread.
  func attach(_ state: BusState) {
    members.append(state)
  }

  /// Stops serving `state` and shuts it down; on the owner thread. A connection's own thread
  /// ends with it.
  func detach(_ state: BusState) {
    guard members.contains(where: { $0 === state }) else { return }
    members.removeAll { $0 === state }
    state.shutDown()
    if endsWithLastMember, members.isEmpty { stopFromOwnerThread() }
  }

  /// Marks the thread to end after the jobs already queued; on the owner thread.
  func stopFromOwnerThread() {
    mailbox.withLock { $0.stopping = true }
  }

  /// Ends the thread after the jobs already queued, shuts down every connection it still serves,
  /// and waits for it to end (unless called on it). Calling it again does nothing.
  func stop() {
    let alreadyStopping = mailbox.withLock { mailbox in
      defer { mailbox.stopping = true }
      return mailbox.stopping
    }
    if !alreadyStopping { wakeUp.signal() }
    join()
  }

  /// Waits for the thread to end, unless called on it (then it is detached).
  func join() {
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

  // MARK: - The loop

  /// Runs the loop on the calling thread until ``stop()``, for a loop made with
  /// ``init(servingCallingThread:)``.
  func runOnCallingThread() {
    runLoop()
  }

  private func runLoop() {
    ownerThread.store(UInt(pthread_self()), ordering: .relaxed)
    kernelThreadID.store(currentKernelThreadID(), ordering: .relaxed)
    while true {
      let jobs = mailbox.withLock { mailbox in
        defer { mailbox.jobs.removeAll(keepingCapacity: true) }
        return mailbox.jobs
      }
      for job in jobs { job() }
      // Read after the jobs: one of them may have closed the last connection.
      if mailbox.withLock({ $0.stopping }) { break }
      var descriptors = [pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0)]
      var deadline: UInt64?
      // A handler may close a connection (or open one) while its messages are dispatched: each
      // connection is looked at only while it is still a member.
      for state in members where isMember(state) {
        state.processIncoming()
        guard isMember(state), let wait = state.pollRequest() else { continue }
        if let descriptor = wait.descriptor { descriptors.append(descriptor) }
        if let next = wait.deadline { deadline = min(deadline ?? next, next) }
      }
      waitForEvents(&descriptors, timeout: deadline.map(pollTimeout(until:)) ?? -1)
      if descriptors[0].revents != 0 { wakeUp.drain() }
      for state in members where isMember(state) { state.handleWakeUp() }
    }
    let leftovers = mailbox.withLock { mailbox in
      mailbox.stopped = true
      defer { mailbox.jobs.removeAll() }
      return mailbox.jobs
    }
    for job in leftovers { job() }
    for state in members { state.shutDown() }
    members.removeAll()
    wakeUp.close()
  }

  private func isMember(_ state: BusState) -> Bool {
    members.contains { $0 === state }
  }
}

/// The closure a new thread runs, boxed so it can cross `pthread_create`.
private final class ThreadStart {
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}
