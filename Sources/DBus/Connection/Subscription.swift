/// An installed match rule; ``cancel()`` removes it.
///
/// It stays installed, across reconnects, until cancelled or until the connection closes;
/// dropping this value does not remove it.
package final class Subscription: Sendable {
  /// The match rule.
  package let rule: String
  private let id: UInt64
  private let loop: BusLoop

  init(id: UInt64, rule: String, loop: BusLoop) {
    self.id = id
    self.rule = rule
    self.loop = loop
  }

  /// Removes the match; once this returns, its handler is not called again. Calling it again
  /// does nothing.
  package func cancel() {
    let id = self.id
    _ = try? loop.sync { state in state.removeMatch(id: id) }
  }
}
