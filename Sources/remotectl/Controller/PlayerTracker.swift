internal import RemoteControlMPRIS

/// What wakes a follower or the live view.
enum FollowInput: Sendable {
  /// A selected player appeared (or restarted).
  case appeared(PlayerIdentity)
  /// A player left the bus.
  case vanished(PlayerIdentity)
  /// A player sent a signal.
  case event(PlayerIdentity, PlayerEvent)
  /// A local timer fired (re-render an extrapolated position; the bus is not asked).
  case tick
  /// The connection to the bus was lost: the session is over.
  case busLost
}

/// The selected players and what their signals say, for `--follow` and the live view; changed
/// only from the one loop that reads the inputs.
struct PlayerTracker {
  /// Which players, in which order.
  let choice: PlayerChoice
  /// With `--all-players`, the signals that put a player first: the players are then in order of
  /// change, as playerctl keeps them, rather than in ``choice``'s order.
  let changeOrder: FollowedSignals?
  /// The players followed now.
  var players: [PlayerIdentity: TrackedPlayer] = [:]
  private var streams: [PlayerIdentity: Task<Void, Never>] = [:]
  private var stamp: UInt64 = 1
  /// The stamp of each player's last followed change (or of its appearance).
  private var changed: [PlayerIdentity: UInt64] = [:]

  /// A tracker for `choice`'s players, in `choice`'s order, or in order of change
  /// (`changeOrder`'s signals) when given.
  init(choice: PlayerChoice, changeOrder: FollowedSignals? = nil) {
    self.choice = choice
    self.changeOrder = changeOrder
  }

  /// Starts watching players appear and vanish, then tracks the selected players there now.
  /// Returns the inputs to loop over and a function that stops the watchers.
  mutating func start(session: BusSession) async throws(ControlError)
    -> (
      inputs: AsyncStream<FollowInput>, continuation: AsyncStream<FollowInput>.Continuation,
      stop: @Sendable () -> Void
    )
  {
    let (inputs, continuation) = AsyncStream.makeStream(of: FollowInput.self)
    let appearances: AsyncStream<PlayerAppearance>
    let disconnections: AsyncStream<Void>
    do {
      disconnections = try await session.bus.disconnections()
      appearances = try await session.bus.appearances()
    } catch {
      throw ControlError("Connection to player failed: \(error.message)")
    }
    let watcher = Task {
      for await appearance in appearances {
        switch appearance {
        case .appeared(let identity, _): continuation.yield(.appeared(identity))
        case .vanished(let identity): continuation.yield(.vanished(identity))
        }
      }
      continuation.finish()
    }
    let loss = Task {
      for await _ in disconnections {
        continuation.yield(.busLost)
        return
      }
    }
    var selected = try await session.selectedPlayers(choice)
    // playerctl follows playerctld when -p names it, though its PlayerNames leaves itself out;
    // when it is not on the bus, the first call starts it (D-Bus activation), and its appearance
    // then tracks it.
    if choice.namesExactly(BusSession.playerctld.instance), !selected.contains(BusSession.playerctld) {
      // Expected: an owner the bus cannot tell is none; the call below then starts playerctld.
      if (try? await session.bus.owner(of: BusSession.playerctld)) != nil {
        selected.append(BusSession.playerctld)
      } else {
        // Only to activate it: its answer, or its error, says nothing the tracker needs.
        _ = try? await session.bus.player(BusSession.playerctld).property(.playbackStatus)
      }
    }
    if changeOrder != nil {
      // playerctl puts each player it finds first, in -p order: the last one found is first.
      selected = choice.order(selected.map(\.instance), ranked: true).map { PlayerIdentity(instance: $0) }
    }
    for identity in selected {
      await track(identity, session: session, continuation: continuation)
    }
    return (
      inputs, continuation,
      {
        watcher.cancel()
        loss.cancel()
      }
    )
  }

  /// Takes in one input (not ticks). Returns whether anything changed.
  mutating func handle(
    _ input: FollowInput, session: BusSession, continuation: AsyncStream<FollowInput>.Continuation
  ) async {
    switch input {
    case .appeared(let identity):
      guard choice.isSelected(identity.instance) else { return }
      forget(identity)
      await track(identity, session: session, continuation: continuation)
    case .vanished(let identity):
      forget(identity)
    case .event(let identity, let event):
      await apply(event, to: identity, session: session)
    case .tick, .busLost:
      break
    }
  }

  /// The players in the order commands go to them (the player-choice rule, with the history
  /// seen while following).
  var ordered: [(PlayerIdentity, TrackedPlayer)] {
    if changeOrder != nil {
      return players.sorted { changed[$0.key, default: 0] > changed[$1.key, default: 0] }.map {
        ($0.key, $0.value)
      }
    }
    let activity = players.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = $1.value.activity
    }
    return choice.order(players.keys.map(\.instance), activity: activity).compactMap { instance in
      let identity = PlayerIdentity(instance: instance)
      return players[identity].map { (identity, $0) }
    }
  }

  /// Subscribes to `identity`'s signals, then reads its properties.
  private mutating func track(
    _ identity: PlayerIdentity, session: BusSession, continuation: AsyncStream<FollowInput>.Continuation
  ) async {
    let player = session.bus.player(identity)
    // Expected: a player that left before its signals could be matched is not followed.
    guard let events = try? await player.events() else { return }
    streams[identity] = Task {
      for await event in events { continuation.yield(.event(identity, event)) }
    }
    // A player that cannot answer yet is followed all the same, its properties filled in by
    // its signals: playerctld, with no player to forward to, refuses GetAll until one comes.
    let playerState = (try? await player.state()) ?? PlayerState(properties: [:])
    stamp += 1
    players[identity] = TrackedPlayer(state: playerState, stamp: stamp)
    changed[identity] = stamp
  }

  /// Stops following `identity`.
  private mutating func forget(_ identity: PlayerIdentity) {
    streams.removeValue(forKey: identity)?.cancel()
    players[identity] = nil
    changed[identity] = nil
  }

  /// Takes in a signal; on a track change, reads the new position once.
  private mutating func apply(_ event: PlayerEvent, to identity: PlayerIdentity, session: BusSession) async {
    guard var tracked = players[identity] else { return }
    stamp += 1
    if changeOrder?.contains(event) == true { changed[identity] = stamp }
    // Expected: a position the player cannot say keeps the one its signals gave.
    if tracked.apply(event, stamp: stamp),
      let position = try? await session.bus.player(identity).property(.position).int64Value
    {
      tracked.report(position, at: .now)
    }
    players[identity] = tracked
  }
}
