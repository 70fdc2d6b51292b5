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
    let identities = try await session.selectedPlayers(request.choice)
    guard !identities.isEmpty else { throw request.quiet ? ControlError("") : .noPlayers }
    let states = await session.states(of: identities)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    let order = request.choice.order(states.keys.map(\.instance), activity: activity)
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

  /// `-l/--list-all`: the selected players' instances, one a line, in `-p` order then by name;
  /// `No players found` on standard error (exit 0, as playerctl) when there are none.
  static func listAll(choice: PlayerChoice, quiet: Bool) async throws(ControlError) {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let identities = try await session.selectedPlayers(choice)
    let instances = choice.order(identities.map(\.instance))
    if instances.isEmpty {
      if !quiet { StandardStreams.writeError("No players found") }
      return
    }
    StandardStreams.write(instances.map { $0 + "\n" }.joined())
  }
}
