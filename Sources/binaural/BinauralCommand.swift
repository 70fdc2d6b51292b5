import ArgumentParser
import Foundation
import Logging
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle

/// `binaural`: binaural-beat presets, remote-controllable over MPRIS.
@main
struct BinauralCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "binaural",
    abstract: "Plays binaural-beat presets; control it with any MPRIS controller (playerctl, media keys).",
    discussion: "It starts paused, owns org.mpris.MediaPlayer2.<name> and stops on SIGINT, SIGTERM or MPRIS Quit.")

  @Option(help: "Where the sound goes. Only \"null\" (silent, real-time) exists for now.")
  var output: String = "null"

  @Option(help: "The MPRIS player name: the bus name is org.mpris.MediaPlayer2.<name>.")
  var name: String = "binaural"

  @Option(help: "A D-Bus address to use instead of the session bus, such as unix:path=/tmp/bus.")
  var busAddress: String?

  mutating func run() async throws {
    guard output == AudioOutput.null.rawValue else {
      FileHandle.standardError.write(
        Data("binaural: unknown output \"\(output)\": only \"null\" is available for now\n".utf8))
      throw ExitCode.validationFailure
    }
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    let configuration = MediaPlayerConfiguration(
      playerName: name, identity: "Binaural", desktopEntry: "binaural",
      bus: busAddress.map(MediaPlayerConfiguration.Bus.address) ?? .session)
    try await BinauralApp.run(configuration: configuration, logger: Logger(label: "binaural"))
  }
}

/// The outputs sound can go to.
enum AudioOutput: String, CaseIterable {
  /// Nowhere: silent, timed by the real clock.
  case null
}
