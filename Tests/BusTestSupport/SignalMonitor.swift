import Foundation

/// The signals a python3-dbus client received from the player, in order.
package struct SignalMonitor: Sendable {
  /// The python3-dbus monitor.
  package let process: ChildProcess

  /// Waits for the next signal that satisfies `predicate`; earlier ones are skipped.
  package func next(
    within timeout: Duration = .seconds(10),
    where predicate: @escaping @Sendable (SignalRecord) -> Bool = { _ in true }
  ) async throws -> SignalRecord {
    let line = try await process.line(within: timeout) { line in
      guard let record = SignalRecord(line) else { return false }
      return predicate(record)
    }
    guard let record = SignalRecord(line) else { throw TestFailure("unreadable: \(line)") }
    return record
  }

  /// Every signal received up to and including the first that satisfies `marker`: the way to
  /// check that something was *not* sent before a change made on purpose afterwards.
  package func signals(
    until marker: @escaping @Sendable (SignalRecord) -> Bool, within timeout: Duration = .seconds(10)
  )
    async throws -> [SignalRecord]
  {
    var records: [SignalRecord] = []
    while true {
      let record = try await next(within: timeout)
      records.append(record)
      if marker(record) { return records }
    }
  }

  /// Stops the monitor and waits for it.
  package func stop() async {
    process.kill()
    _ = try? await process.waitForExit(within: .seconds(5))
  }
}
