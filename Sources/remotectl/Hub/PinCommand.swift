internal import ArgumentParser
internal import HubAPI
internal import RemoteControlMPRIS

/// A command that pins a player through the Now Playing hub's `Hub1` method ``method`` (`Shift`
/// or `Unshift`, as `playerctld shift` and `unshift`) and prints the player now active; the
/// command's name is the method's, in lower case.
protocol PinCommand: AsyncParsableCommand {
  /// The `Hub1` method that pins.
  static var method: String { get }
  /// The command's one-line help.
  static var abstract: String { get }
  /// The command's longer help.
  static var discussion: String { get }
}

extension PinCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(commandName: method.lowercased(), abstract: abstract, discussion: discussion)
  }

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    StandardStreams.write(try await HubClient(session: session).pin(Self.method) + "\n")
  }
}

/// `remotectl shift`: the Now Playing hub's `Shift`, as `playerctld shift`.
struct ShiftCommand: PinCommand {
  static let method = Hub1.Method.shift
  static let abstract = "Make the next player in the Now Playing hub's order the active one, and print it"
  static let discussion = "The player left goes to the back; the choice holds until a player starts playing."
}

/// `remotectl unshift`: the Now Playing hub's `Unshift`, as `playerctld unshift`.
struct UnshiftCommand: PinCommand {
  static let method = Hub1.Method.unshift
  static let abstract = "Make the last player in the Now Playing hub's order the active one, and print it"
  static let discussion = "It undoes a shift; the choice holds until a player starts playing."
}
