/// A verb with the global options checked against it: what one run of remotectl will do.
struct Request: Sendable {
  /// The verb.
  var verb: Verb
  /// The parsed `--format` template, when one was given.
  var template: Template?
  /// Which players, in which order.
  var choice: PlayerChoice
  /// `-a`: apply to every selected player rather than the first that can do it.
  var allPlayers: Bool
  /// `-F`: keep running and print again on each change.
  var follow: Bool
  /// `-s`: no diagnostics on standard error.
  var quiet: Bool
  /// `volume --streams`: the player's own streams on the sound server, through the hub, rather
  /// than its MPRIS `Volume`.
  var streams = false

  /// A request for `verb` without a format, not following.
  init(_ verb: Verb, choice: PlayerChoice, allPlayers: Bool, quiet: Bool) {
    self.verb = verb
    template = nil
    self.choice = choice
    self.allPlayers = allPlayers
    follow = false
    self.quiet = quiet
  }

  /// Checks the options against `verb` as playerctl does, with its messages.
  init(_ verb: Verb, _ options: GlobalOptions) throws(ControlError) {
    self.verb = verb
    if options.format != nil && !verb.supportsFormat {
      throw .couldNotExecute("format strings are not supported on command: \(verb.name)")
    }
    if options.follow && !verb.supportsFollow {
      throw .couldNotExecute("follow is not supported on command: \(verb.name)")
    }
    if options.format != nil && verb.isChange {
      throw .couldNotExecute("format strings are not supported on command functions.")
    }
    do {
      template = try options.format.map { (source) throws(TemplateError) in try Template(source) }
    } catch {
      throw .couldNotExecute(error.message)
    }
    choice = options.choice
    allPlayers = options.allPlayers
    follow = options.follow
    quiet = options.noMessages
  }
}
