import BusTestSupport

/// Reads `value` every 20 ms until `condition` holds, at most `timeout`: a bounded poll of the
/// very state a test is about to compare.
///
/// - Returns: The first value that satisfies `condition`.
/// - Throws: ``TestFailure`` naming `what` and the last value read, when time runs out.
@discardableResult
func poll<Value: Sendable>(
  _ what: String, within timeout: Duration = .seconds(10), _ value: () async throws -> Value,
  until condition: (Value) -> Bool
) async throws -> Value {
  let deadline = ContinuousClock.now + timeout
  while true {
    let current = try await value()
    if condition(current) { return current }
    guard ContinuousClock.now < deadline else {
      throw TestFailure("timed out waiting for \(what); last read: \(current)")
    }
    try await Task.sleep(for: .milliseconds(20))
  }
}
