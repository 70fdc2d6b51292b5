/// An installed match rule; ``cancel()`` removes it.
///
/// It stays installed, across reconnects, until cancelled or until the connection closes;
/// dropping this value does not remove it.
package final class Subscription: Sendable {
  /// The match rule.
  package let rule: String
  private let entry: MatchEntry
  private let loop: BusLoop

  init(entry: MatchEntry, loop: BusLoop) {
    self.entry = entry
    self.rule = entry.rule
    self.loop = loop
  }

  /// Removes the match without waiting: once this returns, its handler is not called again
  /// (a call already running on the connection's thread finishes), and the connection's thread
  /// removes the rule from the bus soon after. Safe anywhere, even inside the match's own handler
  /// or a stream's termination handler. Calling it again does nothing.
  package func cancel() {
    guard entry.cancel() else { return }
    let id = entry.id
    loop.submit { state in state.removeMatch(id: id) }
  }
}
