internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// The session bus as remotectl uses it: connecting with a clear error, and one look at the
/// selected players.
struct BusSession {
  /// The connection.
  let bus: MediaPlayerBus
  /// The thread the connection shares with the task of a one-shot command (see
  /// ``connect(on:)``), or `nil` when the connection has a thread of its own.
  var thread: ConnectionThread? = nil

  /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, `$XDG_RUNTIME_DIR/bus`, or the
  /// private bus of a `binaural` on a machine without one: see ``BusDiscovery``), or fails with
  /// one line saying why.
  static func connect() throws(ControlError) -> BusSession {
    do {
      return BusSession(bus: try MediaPlayerBus(address: BusDiscovery.address))
    } catch {
      throw noSessionBus(error)
    }
  }

  /// Connects as ``connect()`` does, on `thread`, where the calling task runs too, so that its
  /// calls are sent and answered there with no hand-over between threads; the caller is
  /// suspended meanwhile, never blocked.
  static func connect(on thread: ConnectionThread) async throws(ControlError) -> BusSession {
    do {
      let bus = try await MediaPlayerBus.connect(address: BusDiscovery.address, on: thread)
      return BusSession(bus: bus, thread: thread)
    } catch {
      throw noSessionBus(error)
    }
  }

  /// The system bus's session, on the same thread as this one's.
  func systemBus() async throws(ClientError) -> BusSession {
    BusSession(bus: try await MediaPlayerBus.connectToSystemBus(on: thread), thread: thread)
  }

  /// The error for a session bus that could not be reached.
  private static func noSessionBus(_ error: ClientError) -> ControlError {
    ControlError(
      "Could not connect to players: no session bus (\(error.message)); looked at \(BusDiscovery.placesSearched); "
        + "set DBUS_SESSION_BUS_ADDRESS or run inside a desktop session (remotectl doctor explains)")
  }

  /// playerctld, the daemon that keeps MPRIS players in order of activity and forwards to the
  /// most recent one: `org.mpris.MediaPlayer2.playerctld`.
  static let playerctld = PlayerIdentity(instance: "playerctld")

  /// The players on the bus now. When playerctld is among them, the players and their order are
  /// those of its `com.github.altdesktop.playerctld.PlayerNames` property (playerctld itself is
  /// not in it), as playerctl takes them; otherwise every MPRIS name, sorted by instance.
  func players() async throws(ControlError) -> PlayerList {
    let names: [PlayerIdentity]
    do {
      names = try await bus.players()
    } catch {
      throw ControlError("Could not connect to players: \(error.message)")
    }
    // Expected: a playerctld that does not answer its PlayerNames leaves the bus's own order.
    guard names.contains(Self.playerctld),
      let ordered = try? await bus.player(Self.playerctld).property(
        Playerctld.Property.playerNames, interface: Playerctld.interface
      ).stringsValue
    else { return PlayerList(identities: names, isPlayerctldOrder: false) }
    return PlayerList(identities: ordered.compactMap(PlayerIdentity.init(busName:)), isPlayerctldOrder: true)
  }

  /// The selected players on the bus now: sorted by instance, or in playerctld's order.
  func selectedPlayers(_ choice: PlayerChoice) async throws(ControlError) -> [PlayerIdentity] {
    try await players().identities.filter { choice.isSelected($0.instance) }
  }

  /// The selected players among every MPRIS name on the bus, sorted by instance, whatever
  /// playerctld's `PlayerNames` says: for a player the user names.
  func playersByName(_ choice: PlayerChoice) async throws(ControlError) -> [PlayerIdentity] {
    do {
      return try await bus.players().filter { choice.isSelected($0.instance) }
    } catch {
      throw ControlError("Could not connect to players: \(error.message)")
    }
  }

  /// The players on the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else
  /// `/run/dbus/system_bus_socket`), which playerctl lists after the session bus's; none when
  /// there is no system bus.
  static func systemPlayers() async -> [PlayerIdentity] {
    // Expected, as the doc comment says: no system bus, or one that does not list, lists none.
    guard let system = try? await MediaPlayerBus.connectToSystemBus() else { return [] }
    defer { system.close() }
    return (try? await BusSession(bus: system).players().identities) ?? []
  }

  /// The player interface's properties of each player; a player that leaves meanwhile, or that
  /// does not answer, is left out.
  func states(of identities: [PlayerIdentity]) async -> [PlayerIdentity: PlayerState] {
    var states: [PlayerIdentity: PlayerState] = [:]
    for identity in identities {
      // Expected, as the doc comment says: one that left or does not answer is left out.
      if let state = try? await bus.player(identity).state() { states[identity] = state }
    }
    return states
  }
}

extension PlayerActivity {
  /// What one look at `state` says about a player's activity.
  init(_ state: PlayerState, lastPlayed: UInt64? = nil) {
    let status: Status =
      switch state.playbackStatus {
      case .playing: .playing
      case .paused: .paused
      case .stopped, nil: .stopped
      }
    self.init(status: status, lastPlayed: lastPlayed)
  }
}
