import Logging
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle

/// Builds the app on the main actor and runs its services until shutdown.
@MainActor
enum BinauralApp {
  /// Runs the player and its MPRIS service until SIGINT, SIGTERM or MPRIS `Quit`.
  static func run(configuration: MediaPlayerConfiguration, logger: Logger) async throws {
    let application = Application()
    let player = Player(application: application, logger: logger)
    player.registerCommandTargets()
    let controller = PlayerController(player: player)
    controller.becomeFirstResponder()
    let mpris = MediaPlayerService(application: application, configuration: configuration, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [.init(service: mpris)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    player.onQuit = {
      logger.info("quit requested")
      Task { await group.triggerGracefulShutdown() }
    }
    try await group.run()
    withExtendedLifetime(controller) {}
  }
}
