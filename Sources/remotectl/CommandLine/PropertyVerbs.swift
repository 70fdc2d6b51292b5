internal import ArgumentParser
internal import RemoteControlMPRIS

/// `position [OFFSET][+|-]`: print `Position` in seconds, `SetPosition` to OFFSET seconds, or
/// `Seek` OFFSET seconds forward (`+`) or backward (`-`).
struct PositionVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "position",
    abstract: "Command the player to go to the position or seek forward/backward OFFSET in seconds")
  @OptionGroup var options: GlobalOptions
  @Argument(help: ArgumentHelp("Seconds, with + or - appended to seek relatively", valueName: "OFFSET"))
  var offset: String?
  func makeVerb() throws(ControlError) -> Verb {
    .position(try offset.map { (text) throws(ControlError) in try PositionChange(parsing: text) })
  }
}

/// `volume [LEVEL][+|-] [--streams]`: print `Volume`, or set it to LEVEL, or change it by LEVEL;
/// the player's own sound-server streams, through the hub, when it offers no writable `Volume`
/// or with `--streams`.
struct VolumeVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "volume", abstract: "Print or set the volume to LEVEL from 0.0 to 1.0",
    discussion: "A player that offers no writable MPRIS Volume (none, or CanControl false), or whose "
      + "Volume reads back unchanged after a write (Chromium's), has its own streams on the sound server "
      + "set instead, through the Now Playing hub (remotectld), which matches players to their streams; "
      + "--streams asks for them for any player. Their level is what pactl shows as a percent: 0.3 is 30%.")
  @OptionGroup var options: GlobalOptions
  @Argument(help: ArgumentHelp("0.0 to 1.0, with + or - appended to change relatively", valueName: "LEVEL"))
  var level: String?
  @Flag(help: "Print or set the player's own streams on the sound server, through the Now Playing hub")
  var streams = false
  func makeVerb() throws(ControlError) -> Verb {
    .volume(try level.map { (text) throws(ControlError) in try VolumeChange(parsing: text) })
  }

  mutating func run() async throws {
    var request = try makeRequest()
    if streams, request.follow || request.template != nil {
      throw ControlError.couldNotExecute(
        "--streams prints the level only: --format and --follow do not apply")
    }
    request.streams = streams
    try await Controller.run(request)
  }
}

/// `status`: print `PlaybackStatus` (Playing, Paused or Stopped).
struct StatusVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Get the play status of the player",
    discussion: "With --follow on a terminal and no --format, shows a live view instead: "
      + "title, artist and a progress bar moved by Position × Rate, jumping only on Seeked.")
  @OptionGroup var options: GlobalOptions
  func makeVerb() -> Verb { .status }
}

/// `metadata [KEY...]`: print `Metadata`, all of it as a table or the values of KEYs.
struct MetadataVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "metadata",
    abstract: "Print metadata information for the current track. If KEY is passed, print only "
      + "those values. KEY may be artist, title, album, or any key found in the metadata.",
    discussion: "With several KEYs, each value is printed on its own line (playerctl prints only the "
      + "last one); a player missing any of them is skipped.")
  @OptionGroup var options: GlobalOptions
  @Argument(help: "Metadata keys, such as title or xesam:album")
  var keys: [String] = []
  func makeVerb() -> Verb { .metadata(keys: keys) }
}

/// `open URI`: MPRIS `OpenUri`; an existing file is passed as its `file://` URI.
struct OpenVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Command for the player to open given URI. URI can be either file path or remote URL.")
  @OptionGroup var options: GlobalOptions
  @Argument(help: "A file path or a URI") var uri: String
  func makeVerb() -> Verb { .open(uri: uri) }
}

/// `loop [STATUS]`: print or set `LoopStatus`.
struct LoopVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "loop",
    abstract: "Print or set the loop status. Can be \"None\", \"Track\", or \"Playlist\".")
  @OptionGroup var options: GlobalOptions
  @Argument(help: ArgumentHelp("None, Track or Playlist", valueName: "STATUS")) var status: String?
  func makeVerb() throws(ControlError) -> Verb {
    .loop(try status.map { (text) throws(ControlError) in try LoopStatus(parsing: text) })
  }
}

/// `shuffle [STATUS]`: print or set `Shuffle`.
struct ShuffleVerb: VerbCommand {
  static let configuration = CommandConfiguration(
    commandName: "shuffle",
    abstract: "Print or set the shuffle status. Can be \"On\", \"Off\", or \"Toggle\".")
  @OptionGroup var options: GlobalOptions
  @Argument(help: ArgumentHelp("On, Off or Toggle", valueName: "STATUS")) var status: String?
  func makeVerb() throws(ControlError) -> Verb {
    .shuffle(try status.map { (text) throws(ControlError) in try ShuffleChange(parsing: text) })
  }
}
