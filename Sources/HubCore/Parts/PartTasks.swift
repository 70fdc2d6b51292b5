import Synchronization

/// The tasks a part starts from a handler on the hub's bus thread (a relay to connect, a timer to
/// wait out, a call to answer after an `await`), owned by the part: each is forgotten when it
/// ends, and ``stop()`` cancels those still running and waits for them, as a task group does at
/// the end of its scope, for work begun in a callback that no group's scope reaches.
///
/// Once stopped it starts nothing: a part that stops never leaves work behind it.
package final class PartTasks: Sendable {
  private struct State: Sendable {
    var running: [Int: Task<Void, Never>] = [:]
    var next = 0
    var isStopped = false
  }

  private let state = Mutex(State())

  package init() {}

  /// Starts `work` as a task the part owns.
  ///
  /// - Returns: Whether it started: `false` once the part stopped.
  @discardableResult
  package func start(_ work: @escaping @Sendable () async -> Void) -> Bool {
    state.withLock { running in
      guard !running.isStopped else { return false }
      let id = running.next
      running.next += 1
      running.running[id] = Task { [self] in
        await work()
        _ = state.withLock { $0.running.removeValue(forKey: id) }
      }
      return true
    }
  }

  /// Starts nothing more, cancels what still runs and waits until it ended.
  package func stop() async {
    let running = state.withLock { state in
      state.isStopped = true
      return Array(state.running.values)
    }
    for task in running {
      task.cancel()
      await task.value
    }
  }

  /// How many tasks run now.
  package var count: Int { state.withLock { $0.running.count } }
}
