internal import RemoteControlMPRIS

/// Every signal a player sent during a check, with a way to wait for the next one that matches,
/// up to a deadline.
actor EventLog {
  private var events: [PlayerEvent] = []
  private var waiters:
    [Int: (
      predicate: @Sendable (PlayerEvent) -> Bool, continuation: CheckedContinuation<PlayerEvent?, Never>
    )] = [:]
  private var nextWaiter = 0

  /// Everything received so far.
  var all: [PlayerEvent] { events }

  /// A mark: waiting from it sees only events received after now.
  var mark: Int { events.count }

  /// Records `event` and wakes the waiters it satisfies.
  func append(_ event: PlayerEvent) {
    events.append(event)
    for (id, waiter) in waiters where waiter.predicate(event) {
      waiters[id] = nil
      waiter.continuation.resume(returning: event)
    }
  }

  /// The first event since `mark` that satisfies `predicate`, waiting up to `timeout` for it;
  /// `nil` when none came in time.
  func first(
    since mark: Int, within timeout: Duration, where predicate: @escaping @Sendable (PlayerEvent) -> Bool
  ) async -> PlayerEvent? {
    if let found = events[min(mark, events.count)...].first(where: predicate) { return found }
    let id = nextWaiter
    nextWaiter += 1
    return await withCheckedContinuation { continuation in
      waiters[id] = (predicate, continuation)
      Task {
        // Nothing cancels this task; were it cancelled, the waiter would only expire sooner.
        try? await Task.sleep(for: timeout)
        self.expire(id)
      }
    }
  }

  /// Returns once no signal has come for `quiet`, or after `limit` at most, so that a late
  /// signal from one step is not taken for the answer to the next.
  func settle(quiet: Duration = .milliseconds(150), limit: Duration = .seconds(1)) async {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if await first(since: events.count, within: quiet, where: { _ in true }) == nil { return }
    }
  }

  private func expire(_ id: Int) {
    waiters.removeValue(forKey: id)?.continuation.resume(returning: nil)
  }
}

extension PlayerEvent {
  /// The changed properties of a `PropertiesChanged` on the player interface.
  var changedPlayerProperties: [String: PropertyValue]? {
    guard case .propertiesChanged(let interface, let changed, _) = self,
      interface == RemotePlayer.playerInterface
    else { return nil }
    return changed
  }

  /// The position of a `Seeked`.
  var seekedPosition: Int64? {
    if case .seeked(let position) = self { position } else { nil }
  }
}
