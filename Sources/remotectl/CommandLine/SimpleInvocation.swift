/// The command lines a media key or a status bar runs (`remotectl play-pause`,
/// `remotectl -p vlc status`), read without ArgumentParser: building ArgumentParser's command
/// tree reflects over every subcommand, which costs more than the D-Bus round trips the verb
/// needs. Anything else (`--help`, `--format`, `--follow`, arguments, an option given twice, a
/// typo) is left to ArgumentParser, so its messages and help stay the only ones.
enum SimpleInvocation {
  /// The verbs read here: those without arguments that playerctl's users bind to keys. A switch,
  /// not a dictionary: instantiating a generic dictionary type at startup makes the runtime scan
  /// every protocol conformance in the executable.
  static func verb(named name: String) -> Verb? {
    switch name {
    case "play": .play
    case "pause": .pause
    case "play-pause": .playPause
    case "stop": .stop
    case "next": .next
    case "previous": .previous
    case "status": .status
    default: nil
    }
  }

  /// The request `arguments` (without the program name) make, or `nil` when they need the full
  /// parser.
  static func request(_ arguments: [String]) -> Request? {
    var verb: Verb?
    var player: String?
    var ignored: String?
    var allPlayers = false
    var quiet = false
    var index = 0
    /// The value of the option at `index` (`-p NAME`, `--player NAME`, `--player=NAME`), once
    /// only; `-pNAME` and `--player=` are left to ArgumentParser, which refuses them.
    func value(_ current: String?, short: String, long: String) -> String?? {
      guard current == nil else { return .none }
      let argument = arguments[index]
      if argument == short || argument == long {
        index += 1
        return index < arguments.count ? .some(arguments[index]) : .none
      }
      if argument.hasPrefix(long + "="), argument.count > long.count + 1 {
        return .some(String(argument.dropFirst(long.count + 1)))
      }
      return .none
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-a", "--all-players":
        if allPlayers { return nil }
        allPlayers = true
      case "-s", "--no-messages":
        if quiet { return nil }
        quiet = true
      case _ where argument.hasPrefix("-p") || argument.hasPrefix("--player"):
        guard case .some(let name?) = value(player, short: "-p", long: "--player") else { return nil }
        player = name
      case _ where argument.hasPrefix("-i") || argument.hasPrefix("--ignore-player"):
        guard case .some(let name?) = value(ignored, short: "-i", long: "--ignore-player") else { return nil }
        ignored = name
      case _ where argument.hasPrefix("-"):
        return nil
      default:
        guard verb == nil, let known = Self.verb(named: argument) else { return nil }
        verb = known
      }
      index += 1
    }
    guard let verb else { return nil }
    return Request(
      verb, choice: PlayerChoice(players: PlayerPattern.list(player), ignored: PlayerPattern.list(ignored)),
      allPlayers: allPlayers, quiet: quiet)
  }
}
