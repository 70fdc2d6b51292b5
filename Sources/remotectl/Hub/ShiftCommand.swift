internal import ArgumentParser
internal import HubAPI
internal import RemoteControlMPRIS

/// `remotectl shift`: the Now Playing hub's `Shift`, as `playerctld shift`.
struct ShiftCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shift",
    abstract: "Make the next player in the Now Playing hub's order the active one, and print it",
    discussion: "The player left goes to the back; the choice holds until a player starts playing.")

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    StandardStreams.write(try await HubClient(session: session).pin(Hub1.Method.shift) + "\n")
  }
}
