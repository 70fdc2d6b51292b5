import Synchronization

/// A clock that moves only when a test moves it: inject it into `NowPlayingInfoCenter`
/// and `ContinuousSeek` to test position extrapolation and seek timers without
/// waiting.
///
/// It offers what swift-clocks' `TestClock` does — ``advance(by:)``, ``advance(to:)``,
/// ``run(timeout:)``, ``checkSuspension()`` — and what that clock leaves to luck: a timer
/// started in a task of its own may not have reached its sleep when the test advances the clock,
/// and `TestClock` only yields a few times and hopes. Here a test waits for the very state it
/// needs: ``waitForSleepers(_:timeout:)`` returns once that many tasks sleep on the clock, so
/// the advance that follows wakes them. A sleep whose task is cancelled leaves the clock at
/// once (it does not linger until its task runs again), so a timer cancelled a moment ago is
/// never counted as asleep.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await clock.sleep(for: .seconds(1)); print("woke") }
/// try await clock.waitForSleepers()      // the task is asleep on the clock
/// await clock.advance(by: .seconds(1))   // and this wakes it
/// ```
///
/// For a `ContinuousSeek`, ``advance(by:waitingFor:)`` steps the clock one
/// interval at a time and waits for the seek's timer between steps; see <doc:TestingTimers>.
public final class ManualClock: Clock, Sendable {
  /// A moment on the clock: the time since it started.
  public struct Instant: InstantProtocol, Sendable, Hashable {
    /// The time since the clock started.
    public var offset: Duration

    /// The moment `offset` after the clock started.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// The moment `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this moment to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: UInt64
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct Waiter {
    var id: UInt64
    var count: Int
    var continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []
    var waiters: [Waiter] = []
    var lastID: UInt64 = 0

    mutating func nextID() -> UInt64 {
      lastID += 1
      return lastID
    }

    /// Removes the waiters now satisfied, to be resumed outside the lock.
    mutating func satisfiedWaiters() -> [Waiter] {
      let count = sleepers.count
      let satisfied = waiters.filter { $0.count <= count }
      waiters.removeAll { $0.count <= count }
      return satisfied
    }
  }

  private let state: Mutex<State>

  /// A clock standing at `now` (its start, by default) until a test moves it.
  public init(now: Instant = Instant()) {
    state = Mutex(State(now: now))
  }

  /// The time the clock shows; it changes only when the clock is advanced.
  public var now: Instant { state.withLock { $0.now } }

  /// The clock has no resolution of its own: zero.
  public var minimumResolution: Duration { .zero }

  /// How many tasks sleep on the clock now, their tasks not cancelled.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Suspends until the clock is advanced to `deadline` or past it; returns at once when it
  /// already is.
  ///
  /// - Throws: `CancellationError` when the task is cancelled; the sleep leaves the clock at
  ///   that moment.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { $0.nextID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (atOnce, satisfied): (Result<Void, any Error>?, [Waiter]) = state.withLock { state in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= state.now { return (.success(()), []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (nil, state.satisfiedWaiters())
        }
        if let atOnce { continuation.resume(with: atOnce) }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
      }
    } onCancel: {
      let cancelled = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  // MARK: - Waiting for sleepers

  /// Suspends until at least `count` tasks sleep on the clock: the timers a test drives have
  /// reached their sleep, so that the next advance wakes them.
  ///
  /// Call it before advancing the clock past a timer started in a task of its own, and after
  /// advancing it to know that each timer woken has done its work and sleeps again. It waits
  /// for the state itself, however busy the machine is; `timeout` (on the real clock) only
  /// turns a timer that never sleeps into a failure instead of a test that hangs.
  ///
  /// swift-clocks' `TestClock` has no such wait: its `advance(by:)` yields a few times and
  /// hopes the timers got there.
  /// - Throws: ``ManualClockError/Code/timedOut`` when fewer than `count` sleep after `timeout`;
  ///   `CancellationError`'s case is the same error when the waiting task is cancelled.
  public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(10))
    async throws(ManualClockError)
  {
    let id = state.withLock { $0.nextID() }
    let satisfied = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.sleepers(atLeast: count, id: id) }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard satisfied else {
      throw ManualClockError(
        .timedOut,
        "\(sleeperCount) of the \(count) sleeps waited for are on the clock after \(timeout): a timer "
          + "ended, never started, or sleeps on another clock")
    }
  }

  /// Suspends until `count` tasks sleep; `false` when the waiting task is cancelled first.
  private func sleepers(atLeast count: Int, id: UInt64) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let atOnce: Bool? = state.withLock { state in
          if state.sleepers.count >= count { return true }
          if Task.isCancelled { return false }
          state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
          return nil
        }
        if let atOnce { continuation.resume(returning: atOnce) }
      }
    } onCancel: {
      let cancelled = state.withLock { state in
        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
      }
      cancelled?.continuation.resume(returning: false)
    }
  }

  // MARK: - Moving time

  /// Moves time on by `duration`, waking each sleep due on the way in the order of their
  /// deadlines, time standing at each one's deadline as it wakes.
  ///
  /// It wakes the tasks asleep when it is called, and those that fall asleep again before it
  /// reaches their new deadline; it does not wait for a woken task to act. To know that it has,
  /// wait for it to sleep again (``waitForSleepers(_:timeout:)``).
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time on to `deadline`, waking each sleep due on the way (see ``advance(by:)``).
  /// Nothing happens when the clock is already past it.
  public func advance(to deadline: Instant) async {
    while let due = wakeNext(until: deadline) {
      due.continuation.resume()
      await Task.yield()
    }
  }

  /// Removes the earliest sleep due by `deadline`, with time standing at its deadline; when none
  /// is due, moves time to `deadline` and returns `nil`.
  private func wakeNext(until deadline: Instant) -> Sleeper? {
    state.withLock { state in
      guard
        let index = state.sleepers.indices.min(by: {
          state.sleepers[$0].deadline < state.sleepers[$1].deadline
        }),
        state.sleepers[index].deadline <= deadline
      else {
        if state.now < deadline { state.now = deadline }
        return nil
      }
      if state.now < state.sleepers[index].deadline { state.now = state.sleepers[index].deadline }
      return state.sleepers.remove(at: index)
    }
  }

  /// Moves time on from one sleep's deadline to the next until no task sleeps on the clock.
  ///
  /// The corresponding swift-clocks method is `TestClock.run(timeout:)`. A timer that never
  /// ends would keep it going: after `timeout` (on the real clock) it stops and throws.
  /// - Throws: ``ManualClockError/Code/timedOut`` when tasks still sleep after `timeout`.
  public func run(timeout: Duration = .seconds(10)) async throws(ManualClockError) {
    let limit = ContinuousClock.now.advanced(by: timeout)
    await Task.yield()
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      guard ContinuousClock.now < limit else {
        throw ManualClockError(
          .timedOut, "\(sleeperCount) sleeps are still on the clock after running it for \(timeout)")
      }
      await advance(to: next)
    }
  }

  /// Throws when a task sleeps on the clock: proof that a feature has no time-based work left.
  ///
  /// The corresponding swift-clocks method is `TestClock.checkSuspension()`.
  /// - Throws: ``ManualClockError/Code/sleepersRemain`` when any task sleeps on the clock.
  public func checkSuspension() async throws(ManualClockError) {
    await Task.yield()
    let count = sleeperCount
    guard count == 0 else {
      throw ManualClockError(.sleepersRemain, "\(count) tasks still sleep on the clock")
    }
  }
}
