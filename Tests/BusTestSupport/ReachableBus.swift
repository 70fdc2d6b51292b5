/// A bus the tests' command-line clients reach through its address: ``PrivateBus``, and the
/// buses a test configures itself (a session bus with a services folder, a system bus).
package protocol ReachableBus: Sendable {
  /// The bus address (`unix:path=…`).
  var address: String { get }
}

extension ReachableBus {
  /// Returns once `name` has an owner (`gdbus wait`, which watches the bus's
  /// `NameOwnerChanged`).
  ///
  /// - Throws: ``TestFailure`` when it has none within 10 s.
  package func waitForName(_ name: String) async throws {
    let result = try await ChildProcess.run("gdbus", ["wait", "--address", address, "--timeout", "10", name])
    guard result.succeeded else { throw TestFailure("\(name) did not appear on the bus: \(result)") }
  }
}

extension PrivateBus: ReachableBus {}
