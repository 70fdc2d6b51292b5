internal import ArgumentParser

/// The options every verb takes, named and spelled as playerctl's.
struct GlobalOptions: ParsableArguments, Sendable {
  @Option(
    name: [.customShort("p"), .customLong("player")],
    help: ArgumentHelp(
      "A comma separated list of names of players to control, in order of preference. "
        + "\"name\" matches \"name\" and \"name.instanceN\"; \"%any\" matches any player. "
        + "Default: the Now Playing hub's choice when remotectld runs; else the player that is "
        + "playing now, else the one that played most recently "
        + "(with --follow, from the changes seen; otherwise from one look: playing, then "
        + "paused, then stopped). The system bus's players come after the session bus's.",
      valueName: "NAME"))
  var player: String?

  @Flag(
    name: [.customShort("a"), .customLong("all-players")],
    help: "Select all available players (with --follow, the one whose value changed last is shown)")
  var allPlayers = false

  @Option(
    name: [.customShort("i"), .customLong("ignore-player")],
    help: ArgumentHelp("A comma separated list of names of players to ignore", valueName: "IGNORE"))
  var ignorePlayer: String?

  @Option(
    name: [.customShort("f"), .customLong("format")],
    help: ArgumentHelp(
      "A format string for printing properties and metadata, such as "
        + "'{{artist}} - {{title}}'; helpers: lc, uc, duration, markup_escape, default, emoji, trunc",
      valueName: "FORMAT"))
  var format: String?

  @Flag(
    name: [.customShort("F"), .customLong("follow")],
    help: "Block and print the query again whenever it changes, for the most recently active player")
  var follow = false

  @Flag(name: [.customShort("s"), .customLong("no-messages")], help: "Suppress diagnostic messages")
  var noMessages = false

  /// The player-choice rule these options describe.
  var choice: PlayerChoice {
    PlayerChoice(players: PlayerPattern.list(player), ignored: PlayerPattern.list(ignorePlayer))
  }
}
