package import Testing

/// A trait for suites and tests that start programs: each test fails if a program it started
/// (dbus-daemon, playerctl, mpv, python3…) still runs 5 seconds after the test ended; such a
/// survivor is then killed. The private buses' folders are removed then too.
package struct LeavesNoChildProcesses: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of a suite.
  package var isRecursive: Bool { true }

  /// Runs one test with a registry of its children, then checks them.
  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    let registry = ChildRegistry()
    let outcome: Result<Void, any Error>
    do {
      try await ChildRegistry.$current.withValue(registry) { try await function() }
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    for survivor in await registry.survivors(after: .seconds(5)) {
      Issue.record("left running after the test: pid \(survivor.pid), \(survivor.commandLine)")
    }
    registry.removeDirectories()
    try outcome.get()
  }
}

extension Trait where Self == LeavesNoChildProcesses {
  /// Fails a test that leaves a program it started running.
  package static var leavesNoChildProcesses: Self { LeavesNoChildProcesses() }
}
