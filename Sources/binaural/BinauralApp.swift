import AudioPlayback
import Logging
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle
import UnixSignals

/// Builds the app on the main actor and runs its services until shutdown.
@MainActor
enum BinauralApp {
  /// Runs the player and its MPRIS service until SIGINT, SIGTERM, SIGHUP or MPRIS `Quit`.
  static func run(
    configuration: MediaPlayerConfiguration, sound: BeatPlayer, category: AudioSession.Category,
    soundEvents: SoundEvents, presets: [BinauralPreset],
    startingAt start: Int,
    showsView: Bool, notices: [String], logger: Logger
  ) async throws {
    let application = Application()
    let player = Player(
      application: application, sound: sound, presets: presets, startingAt: start, logger: logger)
    player.registerCommandTargets()
    player.registerQueueTargets()
    // The sound server's cork requests and lost sinks, and a hub's interruptions over the bus,
    // all reach the player through the application's audio session.
    application.audioSession.setCategory(category)
    application.audioSession.observe { player.handle($0) }
    soundEvents.attach(application.audioSession)
    let controller = PlayerController(player: player)
    controller.becomeFirstResponder()
    application.beginReceivingRemoteControlEvents()
    let mpris = MediaPlayerService(application: application, configuration: configuration, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [.init(service: mpris)], gracefulShutdownSignals: [.sigterm, .sigint, .sighup],
        logger: logger))
    player.onQuit = {
      logger.info("quit requested")
      Task { await group.triggerGracefulShutdown() }
    }
    logger.info("sound", metadata: ["output": "\(sound.outputName)"])
    // The view restores the terminal however the group ends: q, SIGINT, SIGTERM, MPRIS Quit.
    let view = showsView ? TerminalView(player: player, seek: controller.seek, notices: notices) : nil
    view?.start()
    defer { view?.close() }
    try await group.run()
  }
}
