internal import ArgumentParser

/// A subcommand that stands for one of playerctl's verbs.
protocol VerbCommand: AsyncParsableCommand {
  /// The global options, accepted after the verb as well as before it.
  var options: GlobalOptions { get }
  /// The verb with its arguments checked, or playerctl's message for a bad argument.
  func makeVerb() throws(ControlError) -> Verb
}

extension VerbCommand {
  /// The request this command line makes.
  func makeRequest() throws(ControlError) -> Request {
    try Request(makeVerb(), options)
  }

  /// Runs the verb against the session bus's players.
  mutating func run() async throws {
    try await Controller.run(makeRequest())
  }
}
