internal import RemoteControlMPRIS

/// `-F/--follow`: prints the query again whenever its answer changes, for the player the
/// choice rule picks (playing now, else the one that played most recently — known here from
/// the PlaybackStatus changes seen), as players come, go and change. Driven by signals only;
/// the sole timer is a local one, when the template shows `position`, that re-renders the
/// extrapolated position each second without asking the bus.
struct Follower {
  /// The request being followed.
  let request: Request
  /// The bus.
  let session: BusSession

  /// What wakes the follower.
  enum Input: Sendable {
    case appeared(PlayerIdentity)
    case vanished(PlayerIdentity)
    case event(PlayerIdentity, PlayerEvent)
    case tick
  }

  /// Follows until interrupted or the bus goes away.
  func run() async throws(ControlError) {
    let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    let appearances: AsyncStream<PlayerAppearance>
    do {
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
    var ticker: Task<Void, Never>?
    if request.template?.reads("position") == true {
      ticker = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          continuation.yield(.tick)
        }
      }
    }
    defer {
      watcher.cancel()
      ticker?.cancel()
    }
    var state = FollowState(request: request)
    for identity in try await session.selectedPlayers(request.choice) {
      await state.track(identity, session: session, continuation: continuation)
    }
    state.render()
    for await input in inputs {
      switch input {
      case .appeared(let identity):
        guard request.choice.isSelected(identity.instance) else { continue }
        state.forget(identity)
        await state.track(identity, session: session, continuation: continuation)
      case .vanished(let identity):
        state.forget(identity)
      case .event(let identity, let event):
        await state.apply(event, to: identity, session: session)
      case .tick:
        break
      }
      state.render()
    }
  }
}

/// The follower's state, changed only from its one loop.
struct FollowState {
  let request: Request
  var players: [PlayerIdentity: TrackedPlayer] = [:]
  var streams: [PlayerIdentity: Task<Void, Never>] = [:]
  var stamp: UInt64 = 1
  var lastOutput: String?

  init(request: Request) { self.request = request }

  /// Subscribes to `identity`'s signals, then reads its properties.
  mutating func track(
    _ identity: PlayerIdentity, session: BusSession, continuation: AsyncStream<Follower.Input>.Continuation
  ) async {
    let player = session.bus.player(identity)
    guard let events = try? await player.events() else { return }
    streams[identity] = Task {
      for await event in events { continuation.yield(.event(identity, event)) }
    }
    guard let playerState = try? await player.state() else { return }
    stamp += 1
    players[identity] = TrackedPlayer(state: playerState, stamp: stamp)
  }

  /// Stops following `identity`.
  mutating func forget(_ identity: PlayerIdentity) {
    streams.removeValue(forKey: identity)?.cancel()
    players[identity] = nil
  }

  /// Takes in a signal; on a track change, reads the new position once.
  mutating func apply(_ event: PlayerEvent, to identity: PlayerIdentity, session: BusSession) async {
    guard var tracked = players[identity] else { return }
    stamp += 1
    if tracked.apply(event, stamp: stamp),
      let position = try? await session.bus.player(identity).property("Position").int64Value
    {
      tracked.estimate.position = position
      tracked.estimate.reportedAt = .now
    }
    players[identity] = tracked
  }

  /// Prints the answer for the player the rule picks, when it differs from the last one printed;
  /// an empty line when no player can answer any more.
  mutating func render() {
    let activity = players.reduce(into: [String: PlayerActivity]()) { $0[$1.key.instance] = $1.value.activity }
    var output: String?
    for instance in request.choice.order(players.keys.map(\.instance), activity: activity) {
      let identity = PlayerIdentity(instance: instance)
      guard let tracked = players[identity] else { continue }
      do {
        let outcome = try VerbRenderer.render(
          request.verb, template: request.template, identity: identity, state: tracked.state,
          position: tracked.estimate.position())
        if outcome.handled {
          output = outcome.output
          break
        }
      } catch {
        StandardStreams.writeError(error.message)
        return
      }
    }
    if output == nil && lastOutput == nil { return }
    let text = output ?? "\n"
    guard text != lastOutput else { return }
    StandardStreams.write(text)
    lastOutput = text
  }
}
