/// What the controlling threads ask of the render thread, and what it reports back, behind one
/// condition lock.
///
/// `@unchecked Sendable`: `controls` is read and written only while `condition` is locked
/// (through `withLock`), and the condition itself is thread-safe.
final class PlayerControls: @unchecked Sendable {
  /// The requests and reports.
  struct State {
    var isPlaying = false
    var beat: BinauralBeat
    var volume: Float
    var rate: Double
    /// `stop()` was called: start the tones again from phase 0.
    var resetRequested = false
    /// `close()` was called: finish and close the output.
    var closeRequested = false
    /// The render thread has closed the output and ended.
    var finished = false
    /// Frames handed to the output so far, silent ones included.
    var framesWritten: Int64 = 0
    /// The last output failure, if any.
    var failure: AudioOutputError?
  }

  private let condition = ConditionLock()
  private var state: State

  init(_ state: State) {
    self.state = state
  }

  /// Runs `body` on the state with the lock held, then wakes every waiter.
  func update<Result>(_ body: (inout State) -> Result) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return body(&state)
  }

  /// Reads the state with the lock held.
  func read<Result>(_ body: (State) -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body(state)
  }

  /// Blocks until `isReady` holds, then runs `body` with the lock still held. Never polls: each
  /// `update` wakes the waiter to check again.
  func wait<Result>(until isReady: (State) -> Bool, then body: (inout State) -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    while !isReady(state) { condition.wait() }
    return body(&state)
  }

  /// Blocks until `isReady` holds or `timeout` seconds (finite) pass; returns whether it holds.
  func wait(until isReady: (State) -> Bool, timeout: Double) -> Bool {
    let deadline = POSIXCalls.monotonicNanoseconds() + Int64(timeout * 1_000_000_000)
    condition.lock()
    defer { condition.unlock() }
    while !isReady(state) {
      if !condition.wait(untilMonotonicNanoseconds: deadline) { return isReady(state) }
    }
    return true
  }
}
