package import DBus

/// A controller's connection to a bus, for finding MPRIS players and talking to them.
///
/// ```swift
/// let bus = try await MediaPlayerBus.connect()
/// for identity in try await bus.players() {
///   let state = try await bus.player(identity).state()
///   print(identity.instance, state.playbackStatus?.rawValue ?? "?")
/// }
/// ```
public final class MediaPlayerBus: Sendable {
  /// The connection, for the package's own tools (remotectl talks to the Now Playing hub on it).
  package let connection: Connection

  /// Connects to the session bus, or to the D-Bus address `address` (such as
  /// `unix:path=/tmp/bus`), and returns once the bus has answered. The caller is suspended
  /// meanwhile, never blocked.
  public static func connect(address: String? = nil) async throws(ClientError) -> MediaPlayerBus {
    do {
      return MediaPlayerBus(
        connection: try await Connection.connect(address.map(BusAddress.address) ?? .session))
    } catch {
      throw ClientError(error)
    }
  }

  /// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else
  /// `/run/dbus/system_bus_socket`), where a few players (such as an MPD run as a system
  /// service) live, and returns once the bus has answered. The caller is suspended meanwhile,
  /// never blocked.
  public static func connectToSystemBus() async throws(ClientError) -> MediaPlayerBus {
    do {
      return MediaPlayerBus(connection: try await Connection.connect(.system))
    } catch {
      throw ClientError(error)
    }
  }

  /// Connects to the session bus, or to the D-Bus address `address` (`nil`), on `thread`, which
  /// serves other connections too (and a one-shot command's task: see ``ConnectionThread``), and
  /// returns once the bus has answered. The caller is suspended meanwhile, never blocked.
  package static func connect(address: String?, on thread: ConnectionThread) async throws(ClientError)
    -> MediaPlayerBus
  {
    do {
      return MediaPlayerBus(
        connection: try await Connection.connect(address.map(BusAddress.address) ?? .session, on: thread))
    } catch {
      throw ClientError(error)
    }
  }

  /// Connects to the system bus on `thread` (see ``connect(address:on:)``), or on a thread of its
  /// own when `thread` is `nil` (``connectToSystemBus()``).
  package static func connectToSystemBus(on thread: ConnectionThread?) async throws(ClientError)
    -> MediaPlayerBus
  {
    guard let thread else { return try await connectToSystemBus() }
    do {
      return MediaPlayerBus(connection: try await Connection.connect(.system, on: thread))
    } catch {
      throw ClientError(error)
    }
  }

  /// Connects to the session bus, or to the D-Bus address `address`, blocking the calling
  /// thread until the bus has answered.
  ///
  /// For synchronous callers only; from a task, use ``connect(address:)``, which does not hold
  /// a thread of Swift's cooperative pool.
  public init(address: String? = nil) throws(ClientError) {
    do {
      connection = try Connection(address.map(BusAddress.address) ?? .session)
    } catch {
      throw ClientError(error)
    }
  }

  private init(connection: Connection) {
    self.connection = connection
  }

  /// Closes the connection; streams from it finish.
  public func close() { connection.close() }

  /// This connection's unique name on the bus, such as `:1.42`.
  public var uniqueName: String { connection.uniqueName.rawValue }

  // MARK: - Finding players

  /// The players on the bus now: every name under `org.mpris.MediaPlayer2.`, sorted by instance.
  /// The corresponding D-Bus call is `org.freedesktop.DBus.ListNames`.
  public func players() async throws(ClientError) -> [PlayerIdentity] {
    do {
      return try await connection.listNames().compactMap { PlayerIdentity(busName: $0.rawValue) }.sorted()
    } catch {
      throw ClientError(error)
    }
  }

  /// The unique name of the connection that owns `identity`'s bus name, or `nil` when nobody
  /// does. The corresponding D-Bus call is `org.freedesktop.DBus.GetNameOwner`.
  public func owner(of identity: PlayerIdentity) async throws(ClientError) -> String? {
    do {
      return try await connection.nameOwner(of: try BusName(identity.busName))?.rawValue
    } catch {
      throw ClientError(error)
    }
  }

  /// A handle on one player; nothing is sent until it is used.
  public func player(_ identity: PlayerIdentity) -> RemotePlayer {
    RemotePlayer(identity: identity, bus: self)
  }

  /// Players appearing, vanishing and changing owner, from `org.freedesktop.DBus.NameOwnerChanged`
  /// for names under `org.mpris.MediaPlayer2.`. Returns once the bus is watching, so no change
  /// after this call is missed.
  public func appearances() async throws(ClientError) -> AsyncStream<PlayerAppearance> {
    let (stream, continuation) = AsyncStream.makeStream(of: PlayerAppearance.self)
    do {
      let subscription = try await connection.watchNameOwner { change in
        guard let identity = PlayerIdentity(busName: change.name.rawValue) else { return }
        switch (change.oldOwner, change.newOwner) {
        case (nil, let owner?): continuation.yield(.appeared(identity, owner: owner.rawValue))
        case (_?, nil): continuation.yield(.vanished(identity))
        case (_?, let owner?): continuation.yield(.appeared(identity, owner: owner.rawValue))
        case (nil, nil): break
        }
      }
      continuation.onTermination = { _ in subscription.cancel() }
    } catch {
      continuation.finish()
      throw ClientError(error)
    }
    return stream
  }
}

extension MediaPlayerBus {
  /// An element each time the connection to the bus is lost (the bus daemon stopped, or the
  /// session ended). Returns once it is watching. The connection meanwhile tries to connect
  /// again; a program that should end with its session ends on the first element.
  ///
  /// The corresponding D-Bus signal is `org.freedesktop.DBus.Local.Disconnected`, which the
  /// D-Bus library synthesises locally when the connection closes.
  public func disconnections() async throws(ClientError) -> AsyncStream<Void> {
    let rule =
      "type='signal',path='/org/freedesktop/DBus/Local',interface='org.freedesktop.DBus.Local',"
      + "member='Disconnected'"
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    do {
      let subscription = try await connection.addMatch(rule: rule) { _ in continuation.yield() }
      continuation.onTermination = { _ in subscription.cancel() }
    } catch {
      continuation.finish()
      throw ClientError(error)
    }
    return stream
  }
}

/// A player appearing on or leaving the bus.
public enum PlayerAppearance: Sendable, Hashable {
  /// The player's name got an owner (a new player, or a restarted one), with its unique name.
  case appeared(PlayerIdentity, owner: String)
  /// The player's name lost its owner: the player quit.
  case vanished(PlayerIdentity)
}
