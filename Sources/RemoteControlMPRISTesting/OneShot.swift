import Synchronization

/// A value that arrives once, from any thread, and that any number of tasks wait for.
final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Mutex(State())

  /// Sets the value and resumes every waiter; later calls do nothing.
  func fulfil(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value once it is set; `nil` when the task is cancelled first.
  func value() async -> Value? {
    let id = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready: Value?? = state.withLock { state in
          if let value = state.value { return .some(value) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[id] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
    }
  }

  /// The value once it is set; `nil` when `timeout` passes first.
  func value(within timeout: Duration) async -> Value? {
    await withTaskGroup(of: Value?.self) { group in
      group.addTask { await self.value() }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}
