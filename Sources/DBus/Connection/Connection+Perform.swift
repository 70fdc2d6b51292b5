extension Connection {
  // MARK: - Running on the connection's thread

  /// Runs `work` on the connection's thread once every message already received has been
  /// dispatched: after all the match handlers of the message being handled now, whichever order
  /// sd-bus runs them in.
  ///
  /// A handler that reacts to what another handler of the same message decided (a proxy
  /// switching players when a watcher saw one start playing) defers its reaction with this, so
  /// that it sees the effects of every handler of that message. Nothing runs once the connection
  /// is closed.
  ///
  /// - Returns: Whether `work` will run: `false` once the connection is closed.
  @discardableResult
  package func perform(_ work: @escaping @Sendable () -> Void) -> Bool {
    loop.submit { _ in work() }
  }

  /// Suspends until the connection's thread has run the work handed to it before this call
  /// (``perform(_:)``), or at once when the connection is closed.
  package func performed() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      if !perform({ continuation.resume() }) { continuation.resume() }
    }
  }

  /// Runs `work` on the connection's thread: at once when called there (inside a handler, before
  /// the connection takes in another message), otherwise as ``perform(_:)`` does.
  ///
  /// For work that must happen on the thread but need not wait for the other handlers of the
  /// message being handled: a forwarding service's call sent on without a hand-over through the
  /// thread's mailbox, which costs a wake-up.
  package func run(_ work: @escaping @Sendable () -> Void) {
    loop.run { _ in work() }
  }
}

extension Connection {
  // MARK: - Checking the thread

  /// Whether the caller runs on the connection's thread: the one thread that handles its
  /// messages and runs the work handed to ``perform(_:)`` and ``run(_:)``.
  package var isOnConnectionThread: Bool {
    loop.isOwnerThread
  }

  /// Stops a debug build when the caller does not run on the connection's thread; compiled out
  /// of release builds. Called at the top of a function documented as running there, it turns
  /// the comment into a check, as swift-nio's `EventLoop.assertInEventLoop()` does.
  package func assertOnConnectionThread(file: StaticString = #fileID, line: UInt = #line) {
    assert(isOnConnectionThread, "called off the connection's thread", file: file, line: line)
  }
}
