internal import DBus
internal import Glibc
internal import RemoteControlMPRIS

/// `remotectl doctor`: why a player gets no events. It looks, in order, at the session bus,
/// the player's registration, whether it answers at `/org/mpris/MediaPlayer2`, whether it
/// receives remote control events, which commands are disabled or have no handler, and
/// whether it is the Now Playing player that media keys reach.
struct Doctor {
  /// The player to examine (pattern), or `nil` for the Now Playing one.
  var player: String?
  /// The rest of the selection.
  var choice: PlayerChoice

  /// The findings, in order; examination stops at the first problem later steps depend on.
  func run() async -> [Finding] {
    var findings: [Finding] = []
    let address = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
    let session: BusSession
    do {
      session = try BusSession.connect()
    } catch {
      let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
      findings.append(
        Finding(
          kind: .problem,
          text:
            "no session bus: \(address.map { "DBUS_SESSION_BUS_ADDRESS=\($0) cannot be reached" } ?? "DBUS_SESSION_BUS_ADDRESS is unset")"
            + (runtime.map { " and \($0)/bus is not a bus" } ?? "")
            + "; no private bus named in \(BusDiscovery.embeddedAddressFile)",
          fix: "run inside a desktop session, or start one with `dbus-run-session -- SHELL`, or "
            + "export DBUS_SESSION_BUS_ADDRESS=unix:path=$XDG_RUNTIME_DIR/bus; players and controllers must share it"
        ))
      return findings
    }
    defer { session.bus.close() }
    findings.append(
      Finding(
        kind: .ok,
        text:
          "session bus reachable (\(BusDiscovery.address.map { "binaural's private bus \($0), from \(BusDiscovery.embeddedAddressFile)" } ?? address ?? "default address")); this is \(session.bus.uniqueName)"
      ))

    let hubOwner = await HubClient(session: session).owner()
    findings.append(hubOwner == nil ? await Self.hubAbsent(session) : await Self.hub(session))
    if let hubOwner {
      findings += await Self.hubSurfaces(session, owner: hubOwner)
      findings += await Self.bluetooth(session, owner: hubOwner)
      findings += await Self.systemBus(session, owner: hubOwner)
      findings += await Self.notifications(session, owner: hubOwner)
      if let relaunch = await Self.relaunch(session, owner: hubOwner) { findings.append(relaunch) }
      findings += await Self.audioSession(session)
    }
    if let pauseMusic = Self.configHome.flatMap(Self.kdeConnectPauseMusic) { findings.append(pauseMusic) }
    let listed: [PlayerIdentity]
    do {
      listed = try await session.bus.players()
    } catch {
      findings.append(
        Finding(
          kind: .problem, text: "the bus does not list its names (\(error)): no player can be examined",
          fix: "check that the session bus answers (`busctl --user list`), then run the doctor again"))
      return findings
    }
    let (all, proxies) = Self.playersAndProxies(listed)
    if let proxies = Self.proxiesFinding(proxies) { findings.append(proxies) }
    findings += await Self.lists(session, hubOwner: hubOwner)
    guard !all.isEmpty else {
      findings.append(
        Finding(
          kind: .problem,
          text: "no player is registered: no name under \(PlayerIdentity.busNamePrefix) on this bus"
            + (proxies.isEmpty ? "" : " but the proxies'"),
          fix: "start the player on this same bus (check its DBUS_SESSION_BUS_ADDRESS); in a Swift app, run "
            + "MediaPlayerService so it claims \(PlayerIdentity.busNamePrefix)<name>"))
      return findings
    }
    findings.append(
      Finding(kind: .ok, text: "players on the bus: " + all.map(\.instance).joined(separator: ", ")))

    var selection = choice
    if let player { selection.players = [PlayerPattern(player)] }
    let candidates = all.filter { selection.isSelected($0.instance) }
    guard !candidates.isEmpty, let player = player ?? candidates.first.map(\.instance) else {
      findings.append(
        Finding(
          kind: .problem, text: "no player named \(player ?? "so") is registered",
          fix:
            "use one of the names above (a name also matches its .instanceN variants), or start that player"))
      return findings
    }
    let states = await session.states(of: all)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    // The Now Playing player as every verb chooses it: the hub's choice, else the one that
    // played last (remotectl's record), else playing before paused.
    let nowPlaying: String?
    do {
      nowPlaying = try await NowPlayingOrder.find(choice, session: session).instances.first
    } catch {
      nowPlaying = nil
      findings.append(
        Finding(
          kind: .note, text: "cannot tell which player is Now Playing (\(error)); examining \(player)"))
    }
    let target =
      self.player == nil
      ? PlayerIdentity(instance: nowPlaying ?? player)
      : (candidates.first ?? PlayerIdentity(instance: player))
    findings += await examine(
      target, session: session, states: states, activity: activity, nowPlaying: nowPlaying)
    return findings
  }

  /// Whether a Now Playing hub runs, and whether it publishes MPRIS names of its own and why.
  static func hub(_ session: BusSession) async -> Finding {
    let client = HubClient(session: session)
    guard let owner = await client.owner() else {
      return Finding(
        kind: .note,
        text: "no Now Playing hub runs: remotectl without -p picks the player itself, as playerctl does")
    }
    let state: HubState
    do {
      state = try await client.state(of: owner)
    } catch {
      return Finding(
        kind: .problem, text: "the Now Playing hub (\(owner)) does not say its state: \(error)",
        fix: "look at its log (`journalctl --user -u remotectld`), or restart it")
    }
    return Finding(
      kind: .ok,
      text: "the Now Playing hub runs (\(owner))" + (state.proxy.map { "; " + $0.description } ?? ""))
  }

  /// The hub's audio session: a running interruption and whom it will resume, and the players
  /// it cannot match to a sound-server stream, with the reason.
  static func audioSession(_ session: BusSession) async -> [Finding] {
    guard let status = await AudioSessionClient(session: session).status() else { return [] }
    var findings = [Finding(kind: .ok, text: status.interruptionLine)]
    if !status.soundServer.isEmpty {
      findings.append(
        Finding(
          kind: .note,
          text: "the hub does not watch the sound server (\(status.soundServer)): calls and "
            + "unplugged outputs pause nothing; `remotectl interrupt begin` still does"))
    }
    if status.logind.isEmpty || status.pausesForSleep != true, let line = status.sleepLine {
      findings.append(Finding(kind: .ok, text: line))
    }
    if let line = status.exclusiveLine { findings.append(Finding(kind: .ok, text: line)) }
    if status.pausesForSleep == true, !status.logind.isEmpty {
      findings.append(
        Finding(
          kind: .note,
          text: "the hub does not follow logind's sleep (\(status.logind)): the players are not paused "
            + "before the system sleeps"))
    }
    findings += playerMatches(status)
    return findings
  }

  /// The findings about one player.
  private func examine(
    _ identity: PlayerIdentity, session: BusSession, states: [PlayerIdentity: PlayerState],
    activity: [String: PlayerActivity], nowPlaying: String?
  ) async -> [Finding] {
    var findings: [Finding] = []
    let remote = session.bus.player(identity)
    let owner: String?
    do {
      owner = try await session.bus.owner(of: identity)
    } catch {
      owner = "an owner the bus does not name (\(error))"
    }
    guard let state = states[identity] else {
      findings.append(
        Finding(
          kind: .problem,
          text: "\(identity.busName) is owned by \(owner ?? "nobody") but does not answer GetAll on "
            + "org.mpris.MediaPlayer2.Player at /org/mpris/MediaPlayer2",
          fix: "export both MPRIS interfaces at /org/mpris/MediaPlayer2 before claiming the name, and keep "
            + "the connection's thread free to answer"))
      return findings
    }
    findings.append(
      Finding(
        kind: .ok, text: "\(identity.instance) answers at /org/mpris/MediaPlayer2 (owner \(owner ?? "?"))"))
    findings.append(await probeDelivery(remote, state: state))
    findings += Self.commandFlags(state)
    findings.append(Self.nowPlaying(identity, activity: activity, first: nowPlaying))
    return findings
  }

  /// Sends Seek(0), which moves nothing, to see whether events reach the app.
  private func probeDelivery(_ remote: RemotePlayer, state: PlayerState) async -> Finding {
    guard state.canSeek else {
      return Finding(
        kind: .note,
        text: "delivery not probed: CanSeek is false, and every other probe would change playback")
    }
    do {
      try await remote.seek(by: 0)
      return Finding(kind: .ok, text: "a Seek(0) probe was delivered and handled")
    } catch {
      return Self.diagnose(probeError: error)
    }
  }

  /// What a failed delivery probe means, from the error our MPRIS player (or another) answered.
  static func diagnose(probeError error: ClientError) -> Finding {
    let message = error.message
    if error.name == CommandErrorName.notReceiving.rawValue
      || message.contains("not receiving remote control events")
    {
      return Finding(
        kind: .problem, text: "the player is not receiving remote control events (\(message))",
        fix:
          "call application.beginReceivingRemoteControlEvents() when playback starts (and end… only when it should stop)"
      )
    }
    if error.name == CommandErrorName.unhandled.rawValue || message.contains("handler")
      || message.contains("nothing in the player handled")
    {
      return Finding(
        kind: .problem, text: "the probe reached the app but nothing handled it (\(message))",
        fix: "add a handler to the command center's command, or handle the event in a responder on the chain")
    }
    return Finding(
      kind: .problem, text: "Seek(0) failed: \(error.name): \(message)",
      fix: "see the player's log for this error")
  }

  /// The commands a controller will not send because their `Can*` flag is false.
  ///
  /// A player offers a command only while it is enabled and something handles it, and an app
  /// disables one on purpose (no previous episode before the first): the doctor names the
  /// command and does not advise enabling it. Only `CanControl` false is a problem.
  static func commandFlags(_ state: PlayerState) -> [Finding] {
    let flags: [(PlayerProperty, Bool, String)] = [
      (.canPlay, state.canPlay, "playCommand (and a current item)"),
      (.canPause, state.canPause, "pauseCommand"),
      (.canGoNext, state.canGoNext, "nextTrackCommand"),
      (.canGoPrevious, state.canGoPrevious, "previousTrackCommand"),
      (.canSeek, state.canSeek, "changePlaybackPositionCommand / skip commands"),
      (.canControl, state.canControl, "any command at all"),
    ]
    let disabled = flags.filter { !$0.1 }
    guard !disabled.isEmpty else {
      return [Finding(kind: .ok, text: "every Can* flag is true: all commands are offered")]
    }
    return disabled.map { name, _, command in
      guard name != .canControl else {
        return Finding(
          kind: .problem, text: "CanControl is false, so controllers and media keys send nothing",
          fix: "set canControl to true in the player's configuration")
      }
      return Finding(
        kind: .note,
        text:
          "\(name.rawValue) is false: the app does not offer \(command) now (it disabled it, or nothing handles it), so controllers and media keys do not send it"
      )
    }
  }

  /// Whether media keys and controllers without -p reach this player.
  static func nowPlaying(_ identity: PlayerIdentity, activity: [String: PlayerActivity], first: String? = nil)
    -> Finding
  {
    let first = first ?? PlayerChoice().order(Array(activity.keys), activity: activity).first
    guard let first, first != identity.instance else {
      return Finding(
        kind: .ok,
        text: "\(identity.instance) is the Now Playing player: media keys and `remotectl` without -p reach it"
      )
    }
    let status = activity[first].map { "\($0.status)" } ?? "?"
    return Finding(
      kind: .problem,
      text:
        "\(identity.instance) is not the Now Playing player: \(first) is (\(status)), so media keys go there",
      fix: "start playback in \(identity.instance) once (only a player that has played becomes Now Playing), "
        + "or pause \(first); to target it anyway use `remotectl -p \(identity.name) …`")
  }
}
