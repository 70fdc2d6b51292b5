import Synchronization

/// A manual clock for the continuous-seek tests whose sleeps leave it the moment their task is
/// cancelled.
///
/// `ManualClock` keeps a cancelled sleep until its task next runs. A fixture that waits for
/// "something sleeps on the clock" before moving time on could then see the seek's previous
/// timer, cancelled a moment ago by a change of direction, and move time on before the new
/// timer sleeps: the new timer's first tick was lost, on a busy machine. Here ``hasSleepers``
/// counts only the sleeps still wanted.
final class SeekClock: Clock, Sendable {
  /// A moment: the time since the clock was made.
  struct Instant: InstantProtocol, Sendable {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var id: Int
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var lastID = 0
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Whether a sleep is under way whose task has not been cancelled.
  var hasSleepers: Bool { state.withLock { !$0.sleepers.isEmpty } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let id = state.withLock { state in
      state.lastID += 1
      return state.lastID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let atOnce: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let atOnce { continuation.resume(with: atOnce) }
      }
    } onCancel: {
      let cancelled = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on by `duration`, waking each sleep due on the way in the order of their
  /// deadlines, time standing at each one's deadline as it wakes.
  func advance(by duration: Duration) async {
    let target = state.withLock { $0.now.advanced(by: duration) }
    while true {
      let due: Sleeper? = state.withLock { state in
        guard
          let index = state.sleepers.indices.min(by: {
            state.sleepers[$0].deadline < state.sleepers[$1].deadline
          }),
          state.sleepers[index].deadline <= target
        else {
          state.now = target
          return nil
        }
        state.now = state.sleepers[index].deadline
        return state.sleepers.remove(at: index)
      }
      guard let due else { return }
      due.continuation.resume()
      await Task.yield()
    }
  }
}
