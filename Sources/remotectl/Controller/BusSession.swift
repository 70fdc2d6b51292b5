internal import RemoteControlMPRIS

/// The session bus as remotectl uses it: connecting with a clear error, and one look at the
/// selected players.
struct BusSession {
  /// The connection.
  let bus: MediaPlayerBus

  /// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`, `$XDG_RUNTIME_DIR/bus`, or the
  /// private bus of a `binaural` on a machine without one: see ``BusDiscovery``), or fails with
  /// one line saying why.
  static func connect() throws(ControlError) -> BusSession {
    do {
      return BusSession(bus: try MediaPlayerBus(address: BusDiscovery.address))
    } catch {
      throw ControlError(
        "Could not connect to players: no session bus (\(error.message)); looked at \(BusDiscovery.placesSearched); "
          + "set DBUS_SESSION_BUS_ADDRESS or run inside a desktop session (remotectl doctor explains)")
    }
  }

  /// The selected players on the bus now, sorted by instance.
  func selectedPlayers(_ choice: PlayerChoice) async throws(ControlError) -> [PlayerIdentity] {
    do {
      return try await bus.players().filter { choice.isSelected($0.instance) }
    } catch {
      throw ControlError("Could not connect to players: \(error.message)")
    }
  }

  /// The player interface's properties of each player; a player that leaves meanwhile, or that
  /// does not answer, is left out.
  func states(of identities: [PlayerIdentity]) async -> [PlayerIdentity: PlayerState] {
    var states: [PlayerIdentity: PlayerState] = [:]
    for identity in identities {
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
