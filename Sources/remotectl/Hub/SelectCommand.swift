internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl select NAME`: the Now Playing hub's `Select`.
struct SelectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "select",
    abstract: "Make the named player the Now Playing hub's active one",
    discussion: "The choice holds until the player goes away or another starts playing.")

  @Argument(help: ArgumentHelp("The player, by name (vlc) or bus name", valueName: "NAME"))
  var player: String

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    try await HubClient(session: session).select(player)
  }
}
