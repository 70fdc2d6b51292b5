/// A failure of the test harness itself (a program missing, a line that never came).
package struct TestFailure: Error, CustomStringConvertible {
  /// What went wrong.
  package var description: String

  /// Creates a failure saying `description`.
  package init(_ description: String) { self.description = description }
}
