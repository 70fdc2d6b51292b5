import BusTestSupport
import Foundation

struct ConditionTimeout: Error, CustomStringConvertible {
  var description: String
}

/// Checks `condition` every 20 ms until it returns a value, at most `timeout`; for states that
/// announce themselves by no line or signal (a file appearing, a terminal's screen).
func eventually<Value>(
  _ what: String, within timeout: Duration = .seconds(10), _ condition: () async throws -> Value?
) async throws -> Value {
  let deadline = ContinuousClock.now + timeout
  while true {
    if let value = try await condition() { return value }
    guard ContinuousClock.now < deadline else {
      throw ConditionTimeout(description: "timed out waiting for \(what)")
    }
    try await Task.sleep(for: .milliseconds(20))
  }
}
