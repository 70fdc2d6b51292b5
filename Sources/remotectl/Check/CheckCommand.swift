internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl check [PLAYER] [--json]`: the MPRIS conformance checker.
struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check that an MPRIS player follows the specification controllers rely on",
    discussion: """
      One line per rule, PASS or FAIL with the reason: property types (mpris:trackid o, \
      mpris:length x…), Play/Pause signalled, Position moving with Rate within ±0.1 s, Seeked after \
      Seek (moved from Position, or from up to 0.3 s behind it) and SetPosition with the new \
      position, Seek below 0 clamped, stale and out-of-range \
      SetPosition ignored, Volume clamped at 0, Rate beyond MaximumRate refused, wrong argument types \
      answered with errors, PropertiesChanged after each change and never for Position, Raise when \
      CanRaise is true. The check plays, seeks, changes tracks and settings, then restores track, \
      position (±1 s), loop, shuffle, rate, volume and status, and checks that it did. Quit is called \
      only with --quit. Rate within MinimumRate and MaximumRate; for shairport-sync, no Can* true \
      while its RemoteControl Available is false. --system checks a player on the system bus; a \
      player the Now Playing hub relays from there (NAME.system) is checked as the relay, with a \
      NOTE naming its source. Exit status 0 only when every rule passes.
      """)

  @Argument(
    help: ArgumentHelp(
      "The player to check (name or name.instanceN); default: the Now Playing one", valueName: "PLAYER"))
  var player: String?

  @OptionGroup var options: GlobalOptions

  @Flag(help: "Print the results as JSON")
  var json = false

  @Flag(help: "Also call Quit when CanQuit is true, after every other rule: the player exits")
  var quit = false

  @Flag(
    help: ArgumentHelp(
      "Check a player on the system bus (shairport-sync, and spotifyd or mopidy run as services), "
        + "not the one the Now Playing hub relays to the session bus as NAME.system"))
  var system = false

  mutating func run() async throws {
    let session = try await connect()
    defer { session.bus.close() }
    var choice = options.choice
    if let player { choice.players = [PlayerPattern(player)] }
    // The system bus has no playerctld and no hub: every name there is looked at.
    let identity = try await PlayerResolver.nowPlaying(
      choice, session: session, named: player != nil || system)
    let note = system ? nil : await RelayNote.text(for: identity, session: session)
    if let note, !json { StandardStreams.write("NOTE \(note)\n") }
    let remote = session.bus.player(identity)
    let log = EventLog()
    let events: AsyncStream<PlayerEvent>
    do {
      events = try await remote.events()
    } catch {
      throw ControlError("Could not watch \(identity.instance)'s signals: \(error.message)")
    }
    let recorder = Task {
      for await event in events { await log.append(event) }
    }
    defer { recorder.cancel() }
    var checker = ConformanceChecker(player: remote, log: log)
    checker.quits = quit
    do {
      // A name nobody owns any more: the player's own rules report it gone.
      if let owner = try await session.bus.owner(of: identity) {
        checker.remoteControlAvailable = await AirPlayReceiverRule.isAvailable(
          owner: owner, on: session.bus.connection)
      }
    } catch {
      checker.remoteControlAvailable = .failure(
        .init(text: "the bus did not say which connection owns \(identity.busName): \(error.message)"))
    }
    let results = await checker.run()
    StandardStreams.write(
      json
        ? CheckReport.json(player: identity.instance, results, note: note)
        : CheckReport.text(player: identity.instance, results))
    if !results.allSatisfy(\.passed) { throw ControlError("") }
  }

  /// The session bus, or with `--system` the system bus, or one line saying why not.
  private func connect() async throws(ControlError) -> BusSession {
    guard system else { return try BusSession.connect() }
    do {
      return BusSession(bus: try await MediaPlayerBus.connectToSystemBus())
    } catch {
      throw ControlError(
        "Could not connect to the system bus (\(error.message)); set DBUS_SYSTEM_BUS_ADDRESS or start dbus")
    }
  }
}

/// Picks one player for the commands that act on a single one (`check`, `watch`).
enum PlayerResolver {
  /// The first player in ``NowPlayingOrder`` (the hub's choice, else the one that played last),
  /// or `No players found`.
  ///
  /// - Parameter named: The user named the player: look among every MPRIS name on the bus, even
  ///   those a running playerctld (or a hub answering for it) leaves out of its `PlayerNames`,
  ///   such as the hub's own proxy player.
  static func nowPlaying(_ choice: PlayerChoice, session: BusSession, named: Bool = false)
    async throws(ControlError) -> PlayerIdentity
  {
    let order = try await NowPlayingOrder.find(choice, session: session, named: named)
    guard let first = order.instances.first else { throw .noPlayers }
    order.note(commandedTo: [])
    return PlayerIdentity(instance: first)
  }
}
