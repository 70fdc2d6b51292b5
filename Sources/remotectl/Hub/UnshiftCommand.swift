internal import ArgumentParser
internal import HubAPI
internal import RemoteControlMPRIS

/// `remotectl unshift`: the Now Playing hub's `Unshift`, as `playerctld unshift`.
struct UnshiftCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unshift",
    abstract: "Make the last player in the Now Playing hub's order the active one, and print it",
    discussion: "It undoes a shift; the choice holds until a player starts playing.")

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    StandardStreams.write(try await HubClient(session: session).pin(Hub1.Method.unshift) + "\n")
  }
}
