package import DBus
import Glibc
package import HubCore
package import Logging
import Synchronization

/// logind, as the audio session needs it: its `PrepareForSleep` signal, and a delay inhibitor
/// held while a player plays, on the system bus.
///
/// The inhibitor is `Inhibit("sleep", "remotectld", …, "delay")` on
/// `org.freedesktop.login1.Manager`: a file descriptor that holds the system's sleep off (up to
/// logind's `InhibitDelayMaxSec`) until it is closed. ``hold()`` and ``release()`` may come in
/// any order and as often as the hub likes: one inhibitor at most is held, and one asked for
/// and released before its answer is closed on arrival.
///
/// logind may come onto the system bus after the hub (or go and come back): the hub follows
/// `NameOwnerChanged` for `org.freedesktop.login1` and takes the inhibitor it wants as soon as
/// logind is there.
///
/// It speaks to logind on the hub's one system-bus connection (``SystemBusConnection``), on the
/// hub's bus thread.
package final class Logind: Sendable {
  private struct State: Sendable {
    var connection: Connection?
    /// What ``start(onPrepareForSleep:onPresence:)`` installed on the shared connection.
    var subscriptions: [Subscription] = []
    /// Whether logind owns its name, as last seen.
    var isPresent = false
    /// Whether `NameOwnerChanged` said anything since ``start(onPrepareForSleep:onPresence:)``
    /// asked logind whether it is there: it then knows better than the answer.
    var ownerChanged = false
    /// The inhibitor held, a descriptor this object owns.
    var descriptor: Int32?
    /// Whether an `Inhibit` call is under way.
    var isAsking = false
    /// Whether the hub wants the inhibitor.
    var isWanted = false
  }

  /// logind's bus name.
  package static let busName: BusName = "org.freedesktop.login1"
  /// logind's manager object.
  package static let path: ObjectPath = "/org/freedesktop/login1"
  /// logind's manager interface.
  package static let interface = "org.freedesktop.login1.Manager"

  package let logger: Logger
  private let systemBus: SystemBusConnection
  private let state = Mutex(State())

  /// A logind client on the hub's `systemBus`, which follows nothing until
  /// ``start(onPrepareForSleep:onPresence:)``.
  init(systemBus: SystemBusConnection, logger: Logger) {
    self.systemBus = systemBus
    self.logger = logger
  }

  /// Follows logind's `PrepareForSleep(b)` on the hub's system bus, and whether logind is on
  /// the bus, and checks that it answers there now.
  ///
  /// `handler` gets `true` before a sleep, `false` after the wake; `presence` gets `true` when
  /// logind comes onto the bus later (the inhibitor wanted is then taken) and `false` when it
  /// goes; both on the system bus connection's thread.
  ///
  /// - Returns: `nil` when logind answers, else why not (it may still come later).
  /// - Throws: ``HubError`` when there is no system bus, or it refuses the match rules.
  package func start(
    onPrepareForSleep handler: @escaping @Sendable (Bool) -> Void,
    onPresence presence: @escaping @Sendable (Bool) -> Void = { _ in }
  ) async throws(HubError) -> String? {
    let connection: Connection
    do {
      connection = try await systemBus.connection()
    } catch {
      throw HubError("no system bus (\(error.message))")
    }
    state.withLock { $0.connection = connection }
    do {
      let sleep = try await connection.addMatch(
        rule: "type='signal',sender='\(Self.busName)',path='\(Self.path)',interface='\(Self.interface)',"
          + "member='PrepareForSleep'"
      ) { message in
        if let start = message.arguments.first?.boolValue { handler(start) }
      }
      state.withLock { $0.subscriptions.append(sleep) }
      let owner = try await connection.watchNameOwner(Self.busName) { [self] change in
        ownerChanged(isPresent: change.newOwner != nil, presence: presence)
      }
      state.withLock { $0.subscriptions.append(owner) }
    } catch {
      stop()
      throw HubError("cannot follow logind on the system bus (\(error.message))")
    }
    do {
      // Activates logind where it is activatable, and fails where there is none.
      _ = try await connection.call(
        destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping",
        timeout: .seconds(5))
    } catch {
      let present = state.withLock { $0.ownerChanged && $0.isPresent }
      return present ? nil : "no logind on the system bus (\(error.message))"
    }
    let wanted = state.withLock { state in
      state.isPresent = true
      return state.isWanted
    }
    if wanted { hold() }
    return nil
  }

  /// logind came onto the bus (`isPresent`) or left it: the inhibitor wanted is taken, or the
  /// one held, which went with logind, is closed.
  private func ownerChanged(isPresent: Bool, presence: @Sendable (Bool) -> Void) {
    let (wasPresent, wanted, stale) = state.withLock { state -> (Bool, Bool, Int32?) in
      let wasPresent = state.isPresent
      state.ownerChanged = true
      state.isPresent = isPresent
      defer { if !isPresent { state.descriptor = nil } }
      return (wasPresent, state.isWanted, isPresent ? nil : state.descriptor)
    }
    if let stale { Glibc.close(stale) }
    guard isPresent != wasPresent else { return }
    logger.debug(isPresent ? "logind came onto the system bus" : "logind left the system bus")
    presence(isPresent)
    if isPresent, wanted { hold() }
  }

  /// Whether logind is on the system bus, as last seen.
  var isPresent: Bool { state.withLock { $0.isPresent } }

  /// Whether a delay inhibitor is held now.
  var isHolding: Bool { state.withLock { $0.descriptor != nil } }

  /// Takes a delay inhibitor on sleep, unless one is held or asked for.
  func hold() {
    let connection = state.withLock { state -> Connection? in
      state.isWanted = true
      guard state.descriptor == nil, !state.isAsking, state.isPresent, let connection = state.connection
      else {
        return nil
      }
      state.isAsking = true
      return connection
    }
    guard let connection else { return }
    connection.call(
      destination: Self.busName, path: Self.path, interface: Self.interface, member: "Inhibit",
      arguments: [
        .string("sleep"), .string("remotectld"), .string("Pausing the players before the system sleeps"),
        .string("delay"),
      ]
    ) { [self] result in
      switch result {
      case .success(let values):
        guard case .unixFD(let descriptor)? = values.first else {
          state.withLock { $0.isAsking = false }
          logger.warning("logind's Inhibit gave no file descriptor: sleep is not held off")
          return
        }
        let unwanted = state.withLock { state -> Int32? in
          state.isAsking = false
          guard state.isWanted, state.descriptor == nil else { return descriptor }
          state.descriptor = descriptor
          return nil
        }
        if let unwanted {
          Glibc.close(unwanted)
        } else {
          logger.debug("holding the system's sleep off while a player plays")
        }
      case .failure(let error):
        state.withLock { $0.isAsking = false }
        logger.warning(
          "logind refused the delay inhibitor: sleep is not held off", metadata: ["error": "\(error.message)"]
        )
      }
    }
  }

  /// Releases the inhibitor held (the system may then sleep), and one asked for on arrival.
  package func release() {
    let descriptor = state.withLock { state -> Int32? in
      state.isWanted = false
      defer { state.descriptor = nil }
      return state.descriptor
    }
    if let descriptor {
      Glibc.close(descriptor)
      logger.debug("released the delay inhibitor")
    }
  }

  /// Releases the inhibitor and stops following logind; the connection is the hub's, and
  /// closes with it.
  package func stop() {
    release()
    let subscriptions = state.withLock { state in
      defer {
        state.connection = nil
        state.subscriptions = []
      }
      return state.subscriptions
    }
    subscriptions.forEach { $0.cancel() }
  }
}
