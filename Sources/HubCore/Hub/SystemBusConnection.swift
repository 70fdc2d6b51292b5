package import DBus
package import Logging
package import RemoteControl
import RemoteControlMPRIS
import Synchronization

/// The hub's one connection to the system bus, served on the hub's bus thread (the
/// `ConnectionThread` of its session-bus connections), shared by every part that needs the
/// system bus: the system bus's players (``SystemBusService``), Bluetooth (``BluetoothService``:
/// the car's and the earbuds' presses arrive here) and logind's sleep (``Logind``).
///
/// As swift-nio's event loop serves many channels, one thread serves every outlet: a press that
/// arrives on the system bus is handled on the thread that sends it on to the player, with no
/// hand-over between threads. The parts' handlers run on that thread, so what they assert of the
/// hub's bus thread holds of this connection's too.
///
/// It connects on the first ``connection()``; the parts that ask while it connects wait for the
/// same attempt, and every later one gets its outcome (a hub started without a system bus goes
/// without one, as each part says in the log). It closes with the hub (``close()``); a part never
/// closes it.
package final class SystemBusConnection: Sendable {
  private typealias Waiter = CheckedContinuation<Result<Connection, BusError>, Never>

  private enum State: Sendable {
    case idle
    case connecting([Waiter])
    case done(Result<Connection, BusError>)
    case closed
  }

  /// Where the system bus is: the system bus unless a test gives one.
  package let address: BusAddress
  private let thread: ConnectionThread
  private let logger: Logger
  private let state = Mutex(State.idle)
  private let reconnectObservers = Mutex(ObserverList<@Sendable () -> Void>())

  /// The hub's system-bus connection at `address`, served on `thread`; nothing connects until
  /// ``connection()``.
  package init(address: BusAddress = .system, thread: ConnectionThread, logger: Logger) {
    self.address = address
    self.thread = thread
    self.logger = logger
  }

  /// The connection, connected on the first call.
  ///
  /// - Throws: ``BusError`` when there is no system bus (or it refused the connection), or once
  ///   the hub closed it.
  package func connection() async throws(BusError) -> Connection {
    let isFirst = state.withLock { state -> Bool in
      guard case .idle = state else { return false }
      state = .connecting([])
      return true
    }
    if isFirst { return try await connect().get() }
    let outcome = await withCheckedContinuation { (waiter: Waiter) in
      let now = state.withLock { state -> Result<Connection, BusError>? in
        switch state {
        case .connecting(var waiters):
          waiters.append(waiter)
          state = .connecting(waiters)
          return nil
        case .done(let outcome): return outcome
        case .idle, .closed: return .failure(Self.closedError)
        }
      }
      if let now { waiter.resume(returning: now) }
    }
    return try outcome.get()
  }

  /// Calls `observer` on the hub's bus thread each time the connection has come back after the
  /// system bus went away (every unique name on it changed), until ``removeReconnectObserver(_:)``.
  package func observeReconnect(_ observer: @escaping @Sendable () -> Void) -> ObservationToken {
    reconnectObservers.withLock { $0.add(observer) }
  }

  /// Stops calling the observer `token` was returned for.
  package func removeReconnectObserver(_ token: ObservationToken) {
    reconnectObservers.withLock { $0.remove(token) }
  }

  /// Closes the connection, with the hub; a part that asks afterwards gets an error.
  package func close() {
    let previous = state.withLock { state in
      defer { state = .closed }
      return state
    }
    if case .done(.success(let connection)) = previous {
      connection.onReconnect = nil
      connection.close()
    }
    if case .connecting(let waiters) = previous {
      for waiter in waiters { waiter.resume(returning: .failure(Self.closedError)) }
    }
  }

  /// Connects, and hands the outcome to the parts that waited for it.
  private func connect() async -> Result<Connection, BusError> {
    let outcome: Result<Connection, BusError>
    do {
      let connection = try await Connection.connect(address, on: thread)
      connection.logsFailures(to: logger)
      // A cycle (this object holds the connection) that ``close()`` breaks.
      connection.onReconnect = { [self] in
        for observer in reconnectObservers.withLock({ $0 }) { observer() }
      }
      outcome = .success(connection)
    } catch {
      outcome = .failure(error)
    }
    let waiters = state.withLock { state -> [Waiter]? in
      guard case .connecting(let waiters) = state else { return nil }
      state = .done(outcome)
      return waiters
    }
    guard let waiters else {
      // Closed while it connected.
      if case .success(let connection) = outcome { connection.close() }
      return .failure(Self.closedError)
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
    return outcome
  }

  private static let closedError = BusError(.disconnected, "the hub has closed its system-bus connection")
}
