internal import ArgumentParser
internal import RemoteControlMPRIS

/// `remotectl watch`: the live view.
struct WatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Show the Now Playing player live: title, artist and a moving progress bar",
    discussion: "The bar moves by Position × Rate between signals and jumps only on Seeked; the bus is "
      + "never polled. Without -p it shows the Now Playing hub's choice while a hub runs, as every "
      + "command does. The same view is shown by `status --follow` on a terminal without --format.")

  @OptionGroup var options: GlobalOptions

  mutating func run() async throws {
    let session = try BusSession.connect()
    defer { session.bus.close() }
    try await LiveView(choice: options.choice, session: session).run()
  }
}
