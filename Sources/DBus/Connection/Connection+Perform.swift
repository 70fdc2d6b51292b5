extension Connection {
  // MARK: - Running on the connection's thread

  /// Runs `work` on the connection's thread once every message already received has been
  /// dispatched: after all the match handlers of the message being handled now, whichever order
  /// sd-bus runs them in.
  ///
  /// A handler that reacts to what another handler of the same message decided (a proxy
  /// switching players when a watcher saw one start playing) defers its reaction with this, so
  /// that it sees the effects of every handler of that message. Nothing runs once the connection
  /// is closed.
  package func perform(_ work: @escaping @Sendable () -> Void) {
    loop.submit { _ in work() }
  }
}
