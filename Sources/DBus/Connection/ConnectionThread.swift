/// One thread that serves several connections: each connection opened on it is handled there,
/// as a connection's own thread would, so that many connections (one per bridged player) cost
/// one thread, not one each.
///
/// The thread sleeps in `poll` on every connection's socket at once; it runs until ``stop()``
/// (or deinitialisation), which closes the connections still open on it.
package final class ConnectionThread: Sendable {
  let thread: BusThread

  /// Starts the thread.
  package init() throws(BusError) {
    thread = try BusThread(endsWithLastMember: false)
  }

  /// Closes every connection still open on the thread and ends it.
  package func stop() {
    thread.stop()
  }

  deinit {
    thread.stop()
  }
}
