internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl hub [--follow]`: the players in the Now Playing hub's activity order, the active
/// one marked.
struct HubCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hub",
    abstract: "Show the players in the Now Playing hub's order, the active one marked with *",
    discussion: """
      The hub is remotectld: it decides which player media keys and commands without -p reach. \
      With -F/--follow, prints one line per change: the players in order, the active one marked \
      with *, and an empty line while there is no player or no hub. Without it, standard error \
      says whether the hub publishes the proxy player and why, and which volume each player's \
      `remotectl volume` and web remote slider drive: its MPRIS Volume or its own streams on the \
      sound server.
      """)

  /// `-F/--follow` prints a line per change; the other options are accepted, as after every
  /// verb, and have no effect here.
  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let client = HubClient(session: session)
    if options.follow {
      try await HubFollower(session: session).run()
      return
    }
    let state = try await client.state()
    if let proxy = state.proxy {
      StandardStreams.writeError(proxy.description.prefix(1).uppercased() + proxy.description.dropFirst())
    }
    if let audio = await AudioSessionClient(session: session).status() {
      StandardStreams.writeError(audio.interruptionLine)
      if let line = audio.silencedLine { StandardStreams.writeError(line) }
      if let line = audio.sleepLine { StandardStreams.writeError(line) }
      if let line = audio.exclusiveLine { StandardStreams.writeError(line) }
      for line in audio.volumeLines { StandardStreams.writeError(line) }
    }
    if state.players.isEmpty {
      StandardStreams.writeError("No players found")
      return
    }
    StandardStreams.write(state.listing)
  }
}
