import Synchronization

/// A connection to a D-Bus message bus, usable from any thread or task.
///
/// It owns one dedicated thread that alone touches the sd-bus object (or shares one with other
/// connections: ``connect(_:on:)``); every call here hands that thread work. While idle it sleeps without timers. When the bus goes away, it reconnects
/// to the same address (every 100 ms for the first second, then ever less often, at least every
/// 5 s; without the address's `guid=` once another daemon serves that path) and registers again
/// the names it owned, the objects it exported and the matches it installed, then calls
/// ``onReconnect``.
///
/// Handlers (methods, getters, setters, matches) run on the connection's thread: keep them
/// short and hand longer work elsewhere. Call ``close()`` when done: handlers that capture the
/// connection keep it alive, so deinitialisation alone may never come. Pending ``call(destination:path:interface:member:arguments:timeout:)``s
/// end with their reply, their timeout, or a `Disconnected` error; task cancellation does not
/// end them early.
package final class Connection: Sendable {
  let loop: BusLoop

  // MARK: - Connecting

  /// Connects to `address` (the session bus by default) and returns once the bus has answered
  /// Hello.
  ///
  /// The connecting is done on the connection's own thread; the caller is suspended meanwhile,
  /// never blocked, so it is the way to connect from a task.
  package static func connect(_ address: BusAddress = .session) async throws(BusError) -> Connection {
    Connection(loop: try await BusLoop.connect(address))
  }

  /// Connects to `address` on `thread`, which serves other connections too, and returns once
  /// the bus has answered Hello; the connection's handlers run on that thread.
  package static func connect(_ address: BusAddress = .session, on thread: ConnectionThread)
    async throws(BusError)
    -> Connection
  {
    Connection(loop: try await BusLoop.connect(address, on: thread.thread))
  }

  /// Connects to `address` (the session bus by default), blocking the calling thread until the
  /// bus has answered Hello.
  ///
  /// For synchronous callers only (a command line's setup); from a task, use
  /// ``connect(_:)``, which does not hold a thread of Swift's cooperative pool.
  package convenience init(_ address: BusAddress = .session) throws(BusError) {
    self.init(loop: try BusLoop.connectBlocking(address))
  }

  private init(loop: BusLoop) {
    self.loop = loop
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

  /// The Linux thread id of the connection's own thread, so wake-ups can be measured
  /// (`/proc/self/task/<id>/status`); `nil` where it cannot be read.
  package var threadID: Int32? {
    let id = loop.thread.kernelThreadID.load(ordering: .relaxed)
    return id > 0 ? id : nil
  }

  /// Called on the connection's thread after a reconnect has registered everything again.
  package var onReconnect: (@Sendable () -> Void)? {
    get { loop.shared.withLock { $0.onReconnect } }
    set { loop.shared.withLock { $0.onReconnect = newValue } }
  }

  /// Called on the connection's thread with an error that says what the connection does about
  /// a lost bus: when another daemon now serves the address (its guid changed) and the
  /// connection reconnects without the guid, and when reconnecting has failed for a second and
  /// the attempts become rarer (each at most once per loss of the bus); and, once reconnected,
  /// for each exported object, match, property-write handler or name that could not be
  /// registered again, which the connection then goes on without. For a log line; nothing to
  /// answer.
  package var onReconnectFailure: (@Sendable (BusError) -> Void)? {
    get { loop.shared.withLock { $0.onReconnectFailure } }
    set { loop.shared.withLock { $0.onReconnectFailure = newValue } }
  }

  /// Called on the connection's thread with an error for each message that no caller waits for
  /// and that did not get where it was going: a signal or `PropertiesChanged` that could not be
  /// sent (``emitSignal(path:interface:member:arguments:)``,
  /// ``emitPropertiesChanged(path:interface:properties:)``: a getter that throws, for one), and a
  /// message matched by ``addMatch(rule:sentBy:handler:)`` whose body cannot be read, which its
  /// handler never sees. For a log line; nothing to answer.
  package var onUndeliveredMessage: (@Sendable (BusError) -> Void)? {
    get { loop.shared.withLock { $0.onUndeliveredMessage } }
    set { loop.shared.withLock { $0.onUndeliveredMessage = newValue } }
  }
}
