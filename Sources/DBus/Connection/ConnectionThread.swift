/// One thread that serves several connections: each connection opened on it is handled there,
/// as a connection's own thread would, so that many connections (one per bridged player) cost
/// one thread, not one each.
///
/// The thread sleeps in `poll` on every connection's socket at once; it runs until ``stop()``
/// (or deinitialisation), which closes the connections still open on it.
///
/// It is also a `TaskExecutor`: a task that prefers it (`Task(executorPreference:)`,
/// `withTaskExecutorPreference(_:operation:)`) runs its code on this thread, between the
/// connections' messages, so that awaiting a call on one of its connections hands nothing to
/// another thread: the call is sent, and the reply resumes the task, on this thread. For a
/// one-shot client (a command line's few calls) and for short work that talks to the thread's
/// connections (the readers of the hub's WebSocket clients); the task must never block, since it holds the
/// thread that reads the replies it waits for.
package final class ConnectionThread: TaskExecutor {
  let thread: BusThread

  /// Starts the thread.
  package init() throws(BusError) {
    thread = try BusThread(endsWithLastMember: false)
  }

  /// Makes the loop of a thread that is already running, the one that will call
  /// ``runOnCallingThread()``: a program's main thread, so that a one-shot command starts no
  /// thread at all. Connections opened and tasks handed to it wait until then.
  package init(servingCallingThread: Void) throws(BusError) {
    thread = try BusThread(servingCallingThread: ())
  }

  /// Serves the connections opened on it, and runs the tasks that prefer it, on the calling
  /// thread until ``stop()``; for a thread made with ``init(servingCallingThread:)``.
  package func runOnCallingThread() {
    thread.runOnCallingThread()
  }

  /// Closes every connection still open on the thread and ends it. Task code handed to it
  /// afterwards runs on Swift's global executor instead.
  package func stop() {
    thread.stop()
  }

  /// Runs `job` (a part of a task that prefers this executor) on the thread, after the work
  /// already handed to it; on Swift's global executor once the thread has stopped.
  ///
  /// Mirrors `TaskExecutor.enqueue(_:)`.
  package func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let accepted = thread.submit { [self] in
      unowned.runSynchronously(on: asUnownedTaskExecutor())
    }
    if !accepted { globalConcurrentExecutor.enqueue(ExecutorJob(unowned)) }
  }

  deinit {
    thread.stop()
  }
}
