import BusTestSupport
import Foundation
import Synchronization

/// The bytes a recorder writes, collected up to a number wanted, for a test that waits for them.
/// The recorder's reading thread writes it; the test awaits ``bytes(within:)``.
final class Recording: Sendable {
  private struct State {
    var data = Data()
    var isDuringDone: Bool
    var outcome: Result<Data, TestFailure>?
    var waiter: CheckedContinuation<Data, any Error>?
  }

  private let wanted: Int
  private let during: (@Sendable (Int) -> Bool)?
  private let state: Mutex<State>

  /// A recording of `bytes` bytes; `during` is called with the frames (8 bytes each) so far
  /// after each chunk until it returns true.
  init(bytes: Int, during: (@Sendable (Int) -> Bool)?) {
    wanted = bytes
    self.during = during
    state = Mutex(State(isDuringDone: during == nil))
  }

  /// Takes in a chunk of output (an empty one at its end).
  func receive(_ chunk: Data) {
    let (frames, callsDuring) = state.withLock { state -> (Int, Bool) in
      guard state.outcome == nil else { return (0, false) }
      if chunk.isEmpty {
        finish(
          &state, .failure(TestFailure("the recorder stopped after \(state.data.count) of \(wanted) bytes")))
        return (0, false)
      }
      state.data.append(chunk.prefix(wanted - state.data.count))
      let frames = state.data.count / 8
      if state.data.count >= wanted { finish(&state, .success(state.data)) }
      return (frames, !state.isDuringDone)
    }
    guard callsDuring, let during else { return }
    if during(frames) { state.withLock { $0.isDuringDone = true } }
  }

  /// Waits until all the bytes wanted have come, at most `timeout`.
  func bytes(within timeout: Duration) async throws -> Data {
    let deadline = Task { [self] in
      try await Task.sleep(for: timeout)
      state.withLock { finish(&$0, .failure(TestFailure("no complete recording within \(timeout)"))) }
    }
    defer { deadline.cancel() }
    return try await withCheckedThrowingContinuation { continuation in
      state.withLock { state in
        if let outcome = state.outcome {
          continuation.resume(with: outcome.mapError { $0 as any Error })
        } else {
          state.waiter = continuation
        }
      }
    }
  }

  private func finish(_ state: inout State, _ outcome: Result<Data, TestFailure>) {
    guard state.outcome == nil else { return }
    state.outcome = outcome
    state.waiter?.resume(with: outcome.mapError { $0 as any Error })
    state.waiter = nil
  }
}
