/// Checks `condition` every 10 ms until it returns a value, at most `timeout`, and returns that
/// value: a bounded poll of the very state a test is about to compare, for states that
/// announce themselves by no line or signal (a file appearing, a terminal's screen, a player's
/// Metadata filled in after its name appeared).
///
/// - Throws: ``TestFailure`` naming `what` when `timeout` passes first, or what `condition`
///   throws.
package func eventually<Value>(
  _ what: String, within timeout: Duration = .seconds(10), _ condition: () async throws -> Value?
) async throws -> Value {
  let deadline = ContinuousClock.now + timeout
  while true {
    if let value = try await condition() { return value }
    guard ContinuousClock.now < deadline else {
      throw TestFailure("timed out after \(timeout) waiting for \(what)")
    }
    try await Task.sleep(for: .milliseconds(10))
  }
}

/// Checks `condition` every 10 ms until it holds, at most `timeout`.
///
/// - Throws: ``TestFailure`` naming `what` when `timeout` passes first, or what `condition`
///   throws.
package func eventually(
  _ what: String, within timeout: Duration = .seconds(10), _ condition: () async throws -> Bool
) async throws {
  _ = try await eventually(what, within: timeout) { () async throws -> Bool? in
    try await condition() ? true : nil
  }
}

/// Reads `value` every 10 ms until `condition` holds, at most `timeout`, and returns the first
/// value that satisfies it.
///
/// - Throws: ``TestFailure`` naming `what` and the last value read when `timeout` passes first,
///   or what `value` throws.
@discardableResult
package func eventually<Value: Sendable>(
  _ what: String, within timeout: Duration = .seconds(10), _ value: () async throws -> Value,
  until condition: (Value) -> Bool
) async throws -> Value {
  let deadline = ContinuousClock.now + timeout
  while true {
    let current = try await value()
    if condition(current) { return current }
    guard ContinuousClock.now < deadline else {
      throw TestFailure("timed out after \(timeout) waiting for \(what); last read: \(current)")
    }
    try await Task.sleep(for: .milliseconds(10))
  }
}
