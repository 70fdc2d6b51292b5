internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl tracks`: the player's track list, one line each, the current one marked `*`.
struct TracksCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tracks",
    abstract: "List the player's track list (MPRIS TrackList), the current track marked with *",
    discussion: "Each line: the mark, the track's number for goto, its title and its track id.")

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    try await QueueCommandRunner.with(options) { client in
      let (tracks, current) = try await client.tracks()
      StandardStreams.write(
        tracks.enumerated().map { index, track in
          "\(track.path == current ? "*" : " ") \(index + 1)\t\(track.title ?? "")\t\(track.path)\n"
        }.joined())
    }
  }
}

/// `remotectl goto N|ID`: plays a track of the track list.
struct GoToCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goto",
    abstract: "Play a track of the track list (MPRIS TrackList.GoTo)",
    discussion: """
      TRACK is its number in `remotectl tracks`, its track id (or the id's last part), or its title.
      """)

  @Argument(help: ArgumentHelp("The track: number, id or title", valueName: "TRACK"))
  var track: String

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let track = track
    try await QueueCommandRunner.with(options, changesPlayback: true) { try await $0.goTo(track) }
  }
}

/// `remotectl playlists`: the player's playlists, the active one marked `*`.
struct PlaylistsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "playlists",
    abstract: "List the player's playlists (MPRIS Playlists), the active one marked with *")

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    try await QueueCommandRunner.with(options) { client in
      let (playlists, active) = try await client.playlists()
      StandardStreams.write(
        playlists.map { "\($0.path == active ? "*" : " ") \($0.name)\t\($0.path)\n" }.joined())
    }
  }
}

/// `remotectl playlist NAME`: activates a playlist.
struct PlaylistCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "playlist",
    abstract: "Activate one of the player's playlists (MPRIS Playlists.ActivatePlaylist)")

  @Argument(help: ArgumentHelp("The playlist's name (case ignored) or id", valueName: "NAME"))
  var name: String

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let name = name
    try await QueueCommandRunner.with(options, changesPlayback: true) { try await $0.activate(name) }
  }
}

/// Connects, picks the player (`-p`, else the Now Playing one) and runs a queue command on it.
enum QueueCommandRunner {
  /// Runs `body` on the player ``NowPlayingOrder`` puts first.
  ///
  /// - Parameter changesPlayback: The command changes what the player plays (`goto`, `playlist`):
  ///   once it succeeded, the player goes first in remotectl's record (``PlayerHistory``), as a
  ///   media key's command does, so the next key without a hub returns to it.
  static func with(
    _ options: GlobalOptions, changesPlayback: Bool = false, _ body: (QueueClient) async throws -> Void
  ) async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let order = try await NowPlayingOrder.find(options.choice, session: session)
    guard let first = order.instances.first else { throw ControlError.noPlayers }
    var commanded: [String] = []
    defer { order.note(commandedTo: commanded) }
    try await body(QueueClient(player: session.bus.player(PlayerIdentity(instance: first))))
    if changesPlayback { commanded = [first] }
  }
}
