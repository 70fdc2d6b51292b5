import ArgumentParser
import AudioPlayback
import Glibc
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
    discussion: """
      It starts paused, owns org.mpris.MediaPlayer2.<name> and stops on SIGINT, SIGTERM, SIGHUP or \
      MPRIS Quit. With no session bus it starts a private one, says how to reach it, and stops it \
      when binaural ends, however it ends. On a terminal it shows \
      what plays and takes keys (space, n, p, arrows, shift+arrows or < > to seek, + -, q); \
      otherwise, or with --headless, it logs on standard error.
      """,
    version: PackageVersion.current)

  @Option(help: "Where the sound goes: \(AudioOutputSpec.accepted).")
  var output: String = "auto"

  @Option(
    help: "The first preset, by name or band: \(BinauralPreset.standard.map(\.id).joined(separator: ", ")).")
  var preset: String?

  @Option(help: "The MPRIS player name: the bus name is org.mpris.MediaPlayer2.<name>.")
  var name: String = "binaural"

  @Option(help: "A D-Bus address to use instead of the session bus, such as unix:path=/tmp/bus.")
  var busAddress: String?

  @Option(
    help:
      "How it plays, as iOS's audio session category: playback (a music stream), playAndRecord (a call's), ambient, soloAmbient."
  )
  var category: String = "playback"

  @Flag(help: "No terminal view even on a terminal: logs on standard error instead.")
  var headless = false

  @Option(
    name: .customLong("notice"), parsing: .singleValue,
    help: ArgumentHelp(
      "A line the terminal view shows under the keys (`make demo` names remotectl's path with it); repeat it.",
      valueName: "text"))
  var extraNotices: [String] = []

  mutating func run() async throws {
    let presets = BinauralPreset.standard
    var start = 0
    if let preset {
      guard let chosen = BinauralPreset.named(preset, in: presets), let index = presets.firstIndex(of: chosen)
      else {
        Self.fail("unknown preset \"\(preset)\"; use one of: \(presets.map(\.id).joined(separator: ", "))")
      }
      start = index
    }
    guard let category = AudioSession.Category.named[category] else {
      Self.fail(
        "unknown category \"\(category)\"; use one of: \(AudioSession.Category.named.keys.sorted().joined(separator: ", "))"
      )
    }
    let soundEvents = SoundEvents()
    let opened: OpenedAudioOutput
    do {
      opened = try AudioOutputSpec(parsing: output).open(
        streamName: "Binaural beats", role: category.mediaRole, onEvent: { soundEvents.receive($0) })
    } catch {
      Self.fail(error.message)
    }
    // The view owns the terminal: logs would scribble over it, so it goes without them.
    let showsView = !headless && RawTerminal.isInteractive
    if showsView {
      LoggingSystem.bootstrap { @Sendable _ in SwiftLogNoOpLogHandler() }
    } else {
      LoggingSystem.bootstrap(StreamLogHandler.standardError)
    }
    let logger = Logger(label: "binaural")
    var notices = extraNotices
    if let notice = opened.notice {
      Self.say(notice)
      notices.append(notice)
    }
    let sound = BeatPlayer(
      output: opened.output, beat: presets[start].beat,
      onFailure: { error in Self.say("\(error.message); playing on silently") })
    defer { sound.close() }
    let bus = try await Self.bus(busAddress)
    if let embedded = bus.embedded { notices.append(embedded.announcement) }
    let configuration = MediaPlayerConfiguration(
      playerName: name, identity: "Binaural", desktopEntry: "binaural", bus: bus.configuration)
    // The private bus stops after the player has left it, whether the player ended well or not.
    do {
      try await BinauralApp.run(
        configuration: configuration, sound: sound, category: category, soundEvents: soundEvents,
        presets: presets, startingAt: start, showsView: showsView,
        notices: notices, logger: logger)
    } catch {
      await bus.embedded?.stop()
      throw error
    }
    await bus.embedded?.stop()
  }

  /// The bus to play on: `address` if given, else the session bus if there is one, else a
  /// private bus started here (announced in one line).
  private static func bus(_ address: String?) async throws -> (
    configuration: MediaPlayerConfiguration.Bus, embedded: EmbeddedBus?
  ) {
    if let address { return (.address(address), nil) }
    guard !EmbeddedBus.sessionBusExists else { return (.session, nil) }
    let embedded = try await EmbeddedBus.start()
    say(embedded.announcement.replacing("\n", with: " "))
    return (.address(embedded.address), embedded)
  }

  /// Writes "binaural: `line`" to standard error (dropped when it cannot be written, as on a
  /// closed terminal).
  static func say(_ line: String) {
    RawTerminal.write("binaural: \(line)\n", to: STDERR_FILENO)
  }

  /// Says `line` and exits with a failure status.
  static func fail(_ line: String) -> Never {
    say(line)
    Glibc.exit(ExitCode.validationFailure.rawValue)
  }
}
