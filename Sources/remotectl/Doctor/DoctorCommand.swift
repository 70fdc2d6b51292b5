internal import ArgumentParser

/// `remotectl doctor [PLAYER]`: why a player gets no events, each problem with its fix.
struct DoctorCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Explain why a player gets no remote control events, and how to fix it",
    discussion: """
      Looks at the session bus, the player's MPRIS name and object, whether it receives remote \
      control events (a Seek(0) probe), which commands are disabled, and whether it is the Now \
      Playing player that media keys reach. Exit status 0 when no problem is found.
      """)

  @Argument(help: ArgumentHelp("The player to examine; default: the Now Playing one", valueName: "PLAYER"))
  var player: String?

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let findings = await Doctor(player: player, choice: options.choice).run()
    StandardStreams.write(findings.map { $0.line + "\n" }.joined())
    if findings.contains(where: { $0.kind == .problem }) { throw ControlError("") }
  }
}
