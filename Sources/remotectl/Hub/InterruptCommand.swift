internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl interrupt begin|end`: an interruption of every playing player, asked of the hub's
/// audio session, for calls the sound server cannot tell.
struct InterruptCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "interrupt",
    abstract: "Interrupt the playing players as a call does (begin), or end that (end)",
    discussion: """
      For VoIP programs and scripts whose calls the sound server cannot tell: `begin` pauses \
      every playing player (players built with swift-remote-control are interrupted and decide \
      themselves); `end` resumes those the hub paused and nobody pressed play or pause on since. \
      The hub (remotectld) must run.
      """)

  /// Whether the interruption begins or ends.
  enum Phase: String, ExpressibleByArgument, CaseIterable {
    case begin
    case end
  }

  @Argument(help: "begin or end.")
  var phase: Phase

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let client = AudioSessionClient(session: session)
    try await client.interrupt(begin: phase == .begin)
    if let status = await client.status() { StandardStreams.writeError(status.interruptionLine) }
  }
}
