internal import ArgumentParser
internal import DBus
internal import Glibc
internal import RemoteControl

/// `remotectl`: playerctl's verbs and habits for any MPRIS player, and more.
struct RemoteCtl: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remotectl",
    abstract: "Controller for media players that support the MPRIS D-Bus specification",
    discussion: """
      Commands and options follow playerctl's: the same output and exit codes. Without -p and -a, \
      every command goes to the Now Playing player alone: the hub's choice when remotectld runs \
      (remotectl hub shows it), else the player that is playing now, else the one that played most \
      recently, as remotectl noted in ${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control/player-history; \
      a command it cannot do is an error that names it.
      The bus: DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus, else the private bus whose \
      address binaural writes to ${XDG_RUNTIME_DIR:-/tmp}/swift-remote-control/bus-address.
      """,
    subcommands: [
      PlayVerb.self, PauseVerb.self, PlayPauseVerb.self, StopVerb.self, NextVerb.self,
      PreviousVerb.self, PositionVerb.self, VolumeVerb.self, StatusVerb.self, MetadataVerb.self,
      OpenVerb.self, LoopVerb.self, ShuffleVerb.self, CheckCommand.self,
      WatchCommand.self, DoctorCommand.self,
      HubCommand.self, ShiftCommand.self, UnshiftCommand.self, SelectCommand.self, ButtonCommand.self,
      InterruptCommand.self,
      PairCommand.self, DevicesCommand.self,
    ] + extensionVerbs + queueVerbs)

  /// The verbs of the extension interface, beyond MPRIS.
  static let extensionVerbs: [any ParsableCommand.Type] = [
    LikeVerb.self, DislikeVerb.self, BookmarkVerb.self, RateVerb.self, SkipForwardVerb.self,
    SkipBackwardVerb.self, LanguagesVerb.self, LanguageVerb.self,
  ]

  /// The verbs of the queue: MPRIS `TrackList` and `Playlists`.
  static let queueVerbs: [any ParsableCommand.Type] = [
    TracksCommand.self, GoToCommand.self, PlaylistsCommand.self, PlaylistCommand.self,
  ]

  @OptionGroup var options: GlobalOptions

  @Flag(
    name: [.customShort("l"), .customLong("list-all")],
    help: "List the names of running players that can be controlled")
  var listAll = false

  @Flag(
    name: [.customShort("v"), .customShort("V"), .customLong("version")], help: "Print version information")
  var version = false

  /// The version printed by `--version`: the package's, with the `v` playerctl prints before its own.
  static let versionString = "v" + PackageVersion.current

  mutating func run() async throws {
    if version {
      print(Self.versionString)
    } else if listAll {
      try await Controller.listAll(choice: options.choice, quiet: options.noMessages)
    } else {
      // playerctl prints its help on standard output and exits 1 when no command is given.
      print(Self.helpMessage())
      throw ExitCode(1)
    }
  }

  /// Parses `arguments` (without the program name), runs the command, and turns every failure
  /// into one line on standard error and an exit code — never a stack trace.
  static func main(_ arguments: [String]) async -> Int32 {
    do {
      let ordered = ArgumentOrder.verbFirst(arguments)
      if let verb = ordered.first, !verb.hasPrefix("-"), verb != "help",
        !configuration.subcommands.contains(where: { $0.configuration.commandName == verb })
      {
        throw ControlError.couldNotExecute("Command not recognized: \(verb)")
      }
      var command = try parseAsRoot(ordered)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return 0
    } catch let error as ControlError {
      if !error.message.isEmpty { printError(error.message) }
      return error.exitCode
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        // --help and friends: ArgumentParser's text on standard output.
        print(fullMessage(for: error))
      } else if code.rawValue != 1 || !(error is ExitCode) {
        printError(message(for: error).split(separator: "\n").first.map(String.init) ?? "error")
        return 1
      }
      return code.rawValue
    }
  }

  /// Runs a request read without ArgumentParser (see ``SimpleInvocation``), with the same
  /// messages and exit codes as ``main(_:)``, on `thread` (see ``Controller/run(_:on:)``).
  static func run(_ request: Request, on thread: ConnectionThread?) async -> Int32 {
    do {
      try await Controller.run(request, on: thread)
      return 0
    } catch {
      if !error.message.isEmpty { printError(error.message) }
      return error.exitCode
    }
  }

  /// Writes `line` and a newline to standard error.
  static func printError(_ line: String) {
    StandardStreams.writeError(line)
  }
}
