internal import DBus
internal import RemoteControlMPRIS

/// Runs requests against the MPRIS players, as playerctl does: the command goes to the selected
/// players in order until one handles it (to all of them with `-a`), those on the session bus
/// before those on the system bus.
enum Controller {
  /// Runs `request`: once, or following changes with `-F`.
  ///
  /// Without `-p` and `-a` the command goes to the Now Playing player alone (the hub's choice when
  /// a hub runs, else the one ``PlayerHistory`` says played last): a player that cannot do it is
  /// an error naming it, never a reason to act on another. With `-p` the named players are tried
  /// in order, as playerctl tries them; with `-a` every selected player.
  ///
  /// A request that runs once runs on `thread` (one started here when `nil`): its connections
  /// are served there, and so is its task, so that each call it awaits is sent and answered on
  /// that one thread, never handed to another and back (see ``ConnectionThread``).
  static func run(_ request: Request, on thread: ConnectionThread? = nil) async throws(ControlError) {
    if request.follow {
      let session = try BusSession.connect()
      defer { session.bus.close() }
      if request.verb == .status && request.template == nil && StandardStreams.outputIsTerminal {
        try await LiveView(choice: request.choice, session: session).run()
      } else {
        try await Follower(request: request, session: session).run()
      }
      return
    }
    let oneShot: ConnectionThread
    if let thread {
      oneShot = thread
    } else {
      do {
        oneShot = try ConnectionThread()
      } catch {
        throw ControlError("Could not connect to players: \(error.message)")
      }
    }
    defer { if thread == nil { oneShot.stop() } }
    try await withTaskExecutorPreference(oneShot) { () async throws(ControlError) in
      try await runOnce(request, on: oneShot)
    }
  }

  /// Runs `request`, which does not follow changes, with its connections on `thread`, which the
  /// calling task prefers.
  private static func runOnce(_ request: Request, on thread: ConnectionThread) async throws(ControlError) {
    let session = try await BusSession.connect(on: thread)
    defer { session.bus.close() }
    let found = try await candidates(for: request, on: session, isSession: true)
    var (candidates, selected) = (found.candidates, found.selected)
    // playerctl takes the system bus's players too, after the session bus's. It is asked only
    // when it can change the outcome, since a media key runs this: when -p may rank one of its
    // players first, with -a, or when no session player could handle the command.
    var system: BusSession?
    defer { system?.bus.close() }
    if !request.choice.players.isEmpty || request.allPlayers || !selected {
      // Expected: most desktops have no MPRIS player on the system bus, or no system bus at all;
      // playerctl goes on without it, and so does remotectl.
      system = try? await session.systemBus()
      if let system {
        let found = try await Self.candidates(for: request, on: system, isSession: false)
        candidates = request.choice.ranked(candidates + found.candidates) { $0.identity.instance }
        selected = selected || found.selected
      }
    }
    if !selected, await HubRelaunch.play(request, on: session) { return }
    guard selected else { throw request.quiet ? ControlError("") : .noPlayers }
    let nowPlayingOnly = request.choice.players.isEmpty && !request.allPlayers
    if nowPlayingOnly { candidates = Array(candidates.prefix(1)) }
    var handled = try await perform(request, on: candidates)
    // Expected, as above: without a system bus the session's answer stands.
    if handled.isEmpty && system == nil && !(nowPlayingOnly && !candidates.isEmpty),
      let connected = try? await session.systemBus()
    {
      system = connected
      var fallback = try await Self.candidates(for: request, on: connected, isSession: false).candidates
      if nowPlayingOnly { fallback = Array(fallback.prefix(1)) }
      handled = try await perform(request, on: fallback)
    }
    found.record?.update(seen: found.activity, commandedTo: request.verb.isChange ? handled : [])
    if handled.isEmpty {
      if request.quiet { throw ControlError("") }
      guard nowPlayingOnly, let nowPlaying = candidates.first else { throw .noPlayerCouldHandle }
      throw NowPlayingRefusal.error(
        verb: request.verb, player: nowPlaying.identity.instance, state: nowPlaying.state,
        chosenByHub: nowPlaying.chosenByHub)
    }
  }

  /// A selected player on one bus, with its properties.
  struct Candidate {
    /// The player.
    var identity: PlayerIdentity
    /// The bus it is on.
    var session: BusSession
    /// Its player interface's properties, read once.
    var state: PlayerState
    /// The Now Playing hub that its commands go through, when one runs on its bus.
    var hub: HubSend?
    /// Whether it is first because the hub chose it.
    var chosenByHub = false
  }

  /// The players found on one bus for a request.
  struct Found {
    /// The selected players that answered, in the order commands go to them.
    var candidates: [Candidate]
    /// Whether any was selected.
    var selected: Bool
    /// What each selected player's status was (session bus only).
    var activity: [String: PlayerActivity] = [:]
    /// remotectl's record as read (session bus only).
    var record: PlayerHistory.Update?
  }

  /// The selected players on `session` that answered, in the order commands go to them (on the
  /// session bus, the hub's choice first when a hub runs, else the one ``PlayerHistory`` says
  /// played last), and whether any was selected (a selected player that does not answer cannot
  /// handle the command, but was found).
  private static func candidates(for request: Request, on session: BusSession, isSession: Bool)
    async throws(ControlError) -> Found
  {
    let list: PlayerList
    if isSession {
      list = try await session.players()
    } else {
      // Expected: a system bus that does not list its names offers no candidate (playerctl's way).
      guard let found = try? await session.players() else { return Found(candidates: [], selected: false) }
      list = found
    }
    var identities = list.identities.filter { request.choice.isSelected($0.instance) }
    // playerctl tries playerctld when -p names it, even when it is not on the bus: the bus then
    // starts it (D-Bus activation) for the first call.
    if isSession, request.choice.namesExactly(BusSession.playerctld.instance),
      !identities.contains(BusSession.playerctld)
    {
      identities.append(BusSession.playerctld)
    }
    if identities.isEmpty { return Found(candidates: [], selected: false) }
    if isSession, request.verb.isChange, identities.contains(BusSession.playerctld) {
      await PlayerctldBarrier.wait(on: session)
    }
    let states = await session.states(of: identities)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    // playerctld's PlayerNames is its own record of activity, as playerctl takes it.
    let record = isSession ? PlayerHistory.Update(previous: PlayerHistory.read()) : nil
    var order = request.choice.order(
      identities.filter { states[$0] != nil }.map(\.instance),
      activity: list.isPlayerctldOrder ? activity : (record?.previous.stamping(activity) ?? activity),
      ranked: list.isPlayerctldOrder)
    // The hub is looked for once (GetNameOwner, which never starts one) and read once, for its
    // choice of player and to send a verb's command through it: a hub that does not answer
    // within half a second is passed over, so that a media key never waits on it.
    var hub: HubSend?
    var hubChoice: String?
    if isSession, order.count > 1 || request.verb.isChange {
      let client = HubClient(session: session)
      // Expected: a hub that does not answer within half a second is passed over, so that a media
      // key never waits on it; remotectl then chooses as it does without a hub.
      if let owner = await client.owner(),
        let state = try? await client.state(of: owner, timeout: .milliseconds(500))
      {
        hub = HubSend(connection: session.bus.connection, owner: owner)
        order = HubChoice.order(order, choice: request.choice, active: state.active)
        hubChoice = request.choice.players.isEmpty && order.first == state.active ? state.active : nil
      }
    }
    let candidates = order.compactMap { [hub] instance in
      let identity = PlayerIdentity(instance: instance)
      return states[identity].map {
        Candidate(
          identity: identity, session: session, state: $0, hub: hub, chosenByHub: instance == hubChoice)
      }
    }
    return Found(candidates: candidates, selected: true, activity: activity, record: record)
  }

  /// Runs `request` on `candidates` in order, until one handles it (on all with `-a`); prints
  /// what they answer. Returns the instances that handled it.
  private static func perform(_ request: Request, on candidates: [Candidate]) async throws(ControlError)
    -> [String]
  {
    var handled: [String] = []
    for candidate in candidates {
      let outcome = try await execute(
        request, identity: candidate.identity, state: candidate.state, session: candidate.session,
        hub: candidate.hub)
      if let output = outcome.output { StandardStreams.write(output) }
      if outcome.handled {
        handled.append(candidate.identity.instance)
        if !request.allPlayers { break }
      }
    }
    return handled
  }

  /// `verb` on one player: printing verbs from its state, changing verbs over the bus (through
  /// `hub` when one runs: see ``HubSend``).
  static func execute(
    _ request: Request, identity: PlayerIdentity, state: PlayerState, session: BusSession,
    hub: HubSend? = nil
  ) async throws(ControlError) -> VerbOutcome {
    let player = hub.map { $0.relaying(session.bus.player(identity)) } ?? session.bus.player(identity)
    if case .volume(let change) = request.verb,
      request.streams || !StreamVolumeVerb.offersWritableVolume(state)
    {
      return try await StreamVolumeVerb.perform(
        change, on: identity, session: session, explicitly: request.streams)
    }
    if case .volume(let change?) = request.verb {
      return try await StreamVolumeVerb.setThroughMPRIS(
        change, on: player, identity: identity, state: state, session: session)
    }
    if request.verb.isChange {
      return try await VerbPerformer.perform(request.verb, on: player, state: state)
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
