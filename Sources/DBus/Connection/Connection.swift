/// A connection to a D-Bus message bus, usable from any thread or task.
///
/// It owns one dedicated thread that alone touches the sd-bus object; every call here hands
/// that thread work. While idle it sleeps without timers. When the bus goes away, it reconnects
/// to the same address (retrying every 100 ms while disconnected) and registers again the names
/// it owned, the objects it exported and the matches it installed, then calls ``onReconnect``.
package final class Connection: Sendable {
  let loop: BusLoop

  // MARK: - Connecting

  /// Connects to `address` (the session bus by default) and waits for the bus's Hello reply.
  package init(_ address: BusAddress = .session) throws(BusError) {
    loop = try BusLoop(address: address)
  }

  /// Closes the connection: stops its thread after the work already handed over.
  /// Calling it again does nothing.
  package func close() {
    loop.stop()
  }

  deinit {
    loop.stop()
  }

  // MARK: - State

  /// The connection's unique name (`:1.42`); it changes after a reconnect.
  package var uniqueName: BusName {
    loop.shared.withLock { $0.uniqueName } ?? BusName(unchecked: ":0.0")
  }

  /// Called on the connection's thread after a reconnect has registered everything again.
  package var onReconnect: (@Sendable () -> Void)? {
    get { loop.shared.withLock { $0.onReconnect } }
    set { loop.shared.withLock { $0.onReconnect = newValue } }
  }
}
