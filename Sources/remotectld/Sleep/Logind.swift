import DBus
import Glibc
import Logging
import Synchronization

/// logind, as the audio session needs it: its `PrepareForSleep` signal, and a delay inhibitor
/// held while a player plays, on the system bus.
///
/// The inhibitor is `Inhibit("sleep", "remotectld", …, "delay")` on
/// `org.freedesktop.login1.Manager`: a file descriptor that holds the system's sleep off (up to
/// logind's `InhibitDelayMaxSec`) until it is closed. ``hold()`` and ``release()`` may come in
/// any order and as often as the hub likes: one inhibitor at most is held, and one asked for
/// and released before its answer is closed on arrival.
final class Logind: Sendable {
  private struct State: Sendable {
    var connection: Connection?
    /// The inhibitor held, a descriptor this object owns.
    var descriptor: Int32?
    /// Whether an `Inhibit` call is under way.
    var isAsking = false
    /// Whether the hub wants the inhibitor.
    var isWanted = false
  }

  /// logind's bus name.
  static let busName: BusName = "org.freedesktop.login1"
  /// logind's manager object.
  static let path: ObjectPath = "/org/freedesktop/login1"
  /// logind's manager interface.
  static let interface = "org.freedesktop.login1.Manager"

  let logger: Logger
  private let state = Mutex(State())

  /// A logind client that is not connected until ``start(onPrepareForSleep:)``.
  init(logger: Logger) {
    self.logger = logger
  }

  /// Connects to the system bus, checks that logind answers there and follows its
  /// `PrepareForSleep(b)`: `handler` gets `true` before a sleep, `false` after the wake, on the
  /// system bus connection's thread.
  ///
  /// - Throws: ``HubError`` saying why logind cannot be followed: no system bus, or no logind on
  ///   it.
  func start(onPrepareForSleep handler: @escaping @Sendable (Bool) -> Void) async throws(HubError) {
    let connection: Connection
    do {
      connection = try await Connection.connect(.system)
    } catch {
      throw HubError("no system bus (\(error.message))")
    }
    do {
      // Activates logind where it is activatable, and fails where there is none.
      _ = try await connection.call(
        destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Peer", member: "Ping",
        timeout: .seconds(5))
      _ = try await connection.addMatch(
        rule: "type='signal',sender='\(Self.busName)',path='\(Self.path)',interface='\(Self.interface)',"
          + "member='PrepareForSleep'"
      ) { message in
        if let start = message.arguments.first?.boolValue { handler(start) }
      }
    } catch {
      connection.close()
      throw HubError("no logind on the system bus (\(error.message))")
    }
    let wanted = state.withLock { state in
      state.connection = connection
      return state.isWanted
    }
    if wanted { hold() }
  }

  /// Whether a delay inhibitor is held now.
  var isHolding: Bool { state.withLock { $0.descriptor != nil } }

  /// Takes a delay inhibitor on sleep, unless one is held or asked for.
  func hold() {
    let connection = state.withLock { state -> Connection? in
      state.isWanted = true
      guard state.descriptor == nil, !state.isAsking, let connection = state.connection else { return nil }
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
  func release() {
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

  /// Releases the inhibitor and closes the connection.
  func stop() {
    release()
    state.withLock { state in
      defer { state.connection = nil }
      return state.connection
    }?.close()
  }
}
