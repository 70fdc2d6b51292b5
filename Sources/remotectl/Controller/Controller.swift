internal import RemoteControlMPRIS

/// Runs requests against the session bus's MPRIS players, as playerctl does: the command goes
/// to the selected players in order until one handles it (to all of them with `-a`).
enum Controller {
  /// Runs `request`: once, or following changes with `-F`.
  static func run(_ request: Request) async throws(ControlError) {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    if request.follow && request.verb == .status && request.template == nil
      && StandardStreams.outputIsTerminal
    {
      try await LiveView(choice: request.choice, session: session).run()
      return
    }
    if request.follow {
      try await Follower(request: request, session: session).run()
      return
    }
    let list = try await session.players()
    var identities = list.identities.filter { request.choice.isSelected($0.instance) }
    // playerctl tries playerctld when -p names it, even when it is not on the bus: the bus then
    // starts it (D-Bus activation) for the first call.
    if request.choice.namesExactly(BusSession.playerctld.instance),
      !identities.contains(BusSession.playerctld)
    {
      identities.append(BusSession.playerctld)
    }
    guard !identities.isEmpty else { throw request.quiet ? ControlError("") : .noPlayers }
    let states = await session.states(of: identities)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    let order = await HubChoice.order(
      request.choice.order(
        identities.filter { states[$0] != nil }.map(\.instance), activity: activity,
        ranked: list.isPlayerctldOrder),
      choice: request.choice, session: session)
    var handledAny = false
    for instance in order {
      let identity = PlayerIdentity(instance: instance)
      guard let state = states[identity] else { continue }
      let outcome = try await execute(request, identity: identity, state: state, session: session)
      if let output = outcome.output { StandardStreams.write(output) }
      if outcome.handled {
        handledAny = true
        if !request.allPlayers { break }
      }
    }
    if !handledAny { throw request.quiet ? ControlError("") : .noPlayerCouldHandle }
  }

  /// `verb` on one player: printing verbs from its state, changing verbs over the bus.
  static func execute(
    _ request: Request, identity: PlayerIdentity, state: PlayerState, session: BusSession
  ) async throws(ControlError) -> VerbOutcome {
    if request.verb.isChange {
      return try await VerbPerformer.perform(request.verb, on: session.bus.player(identity), state: state)
    }
    let outcome = try VerbRenderer.render(
      request.verb, template: request.template, identity: identity, state: state, position: state.position)
    return await ExtensionMetadata.adding(
      to: outcome, verb: request.verb, template: request.template, player: session.bus.player(identity))
  }

  /// `-l/--list-all`: the selected players' instances, one a line: those on the session bus,
  /// then those on the system bus, each bus's sorted by name (or in playerctld's order), then
  /// ordered by `-p` (ties keep their order, as playerctl's stable sort does). `No players found`
  /// on standard error (exit 0, as playerctl) when there are none.
  static func listAll(choice: PlayerChoice, quiet: Bool) async throws(ControlError) {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let found = try await session.players().identities + BusSession.systemPlayers()
    let instances = choice.order(found.map(\.instance), ranked: true)
    if instances.isEmpty {
      if !quiet { StandardStreams.writeError("No players found") }
      return
    }
    StandardStreams.write(instances.map { $0 + "\n" }.joined())
  }
}
