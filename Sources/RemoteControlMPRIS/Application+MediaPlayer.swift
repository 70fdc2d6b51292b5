import Logging
public import RemoteControl
import ServiceLifecycle
import UnixSignals

extension Application {
  /// Runs this application as an MPRIS media player on the session bus, until the task is
  /// cancelled, the process gets SIGINT or SIGTERM, or — when `stoppingOnQuit` — a controller
  /// calls MPRIS `Quit`.
  ///
  /// The one call a simple app needs: it claims `org.mpris.MediaPlayer2.<name>` (or
  /// `org.mpris.MediaPlayer2.<name>.instance<pid>` when that is taken), so desktop media
  /// controls, media keys and `playerctl` drive the app, and releases the name when it returns.
  /// As with `UIApplication`, events reach the app only after
  /// `Application.beginReceivingRemoteControlEvents()`.
  ///
  /// ```swift
  /// application.beginReceivingRemoteControlEvents()
  /// try await application.runAsMediaPlayer(name: "podcasts", identity: "Podcasts")
  /// ```
  ///
  /// To run the player beside other services, or with a logger of your own, put a
  /// ``MediaPlayerService`` in your own `ServiceGroup` instead.
  ///
  /// **How it ends.** Each way out is a graceful shutdown: the call stops taking calls,
  /// releases the name (controllers see the player vanish) and closes its connection, then
  /// *returns normally* — it throws only when the player could not start or the bus failed.
  /// - Cancelling the task that runs it (a `Task` you keep, or a task group's) ends it so:
  ///   cancellation is not an error here.
  /// - SIGINT (Ctrl-C) and SIGTERM end it so.
  /// - With `stoppingOnQuit`, MPRIS `Quit` ends it so: a target is added to the quit command
  ///   for the run (so `CanQuit` is `true`), after the app's own quit targets, and the caller of
  ///   `Quit` gets its reply before the name goes. Without it, `Quit` is the app's to handle
  ///   (`RemoteCommandCenter.quitCommand`), and is not offered while nothing
  ///   handles it.
  ///
  /// ```swift
  /// try await application.runAsMediaPlayer(name: "podcasts", identity: "Podcasts", stoppingOnQuit: true)
  /// saveListeningPosition()  // after Quit, Ctrl-C or SIGTERM alike
  /// ```
  ///
  /// - Parameters:
  ///   - name: The last element of the bus name: `[A-Za-z0-9_-]`, not starting with a digit.
  ///     MPRIS: the `<name>` of `org.mpris.MediaPlayer2.<name>`.
  ///   - identity: The name people see, such as "Podcasts". MPRIS: `org.mpris.MediaPlayer2.Identity`.
  ///   - stoppingOnQuit: Whether MPRIS `Quit` (any quit event) ends the run. Default: `false`.
  /// - Throws: ``MediaPlayerError`` when there is no session bus (its message says how to get
  ///   one) or the name cannot be had.
  public func runAsMediaPlayer(name: String, identity: String, stoppingOnQuit: Bool = false) async throws {
    try await runAsMediaPlayer(
      MediaPlayerConfiguration(playerName: name, identity: identity), stoppingOnQuit: stoppingOnQuit)
  }

  /// Runs this application as the MPRIS media player `configuration` describes, until the task
  /// is cancelled, the process gets SIGINT or SIGTERM, or — when `stoppingOnQuit` — a controller
  /// calls MPRIS `Quit`.
  ///
  /// ``runAsMediaPlayer(name:identity:stoppingOnQuit:)`` with every setting of
  /// ``MediaPlayerConfiguration``: a desktop entry, the URI schemes and MIME types `OpenUri`
  /// takes, another bus. It ends as that call does (see its documentation): each way out
  /// releases the name and returns normally. Log lines go to the logging system the process set
  /// up (swift-log's `LoggingSystem`).
  ///
  /// - Throws: ``MediaPlayerError`` when the bus cannot be reached or the name cannot be had.
  public func runAsMediaPlayer(_ configuration: MediaPlayerConfiguration, stoppingOnQuit: Bool = false)
    async throws
  {
    let logger = Logger(label: "RemoteControlMPRIS")
    let player = MediaPlayerService(application: self, configuration: configuration, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [player], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    guard stoppingOnQuit else { return try await group.run() }
    let quit = commandCenter.quitCommand.addTarget { _ in
      Task { await group.triggerGracefulShutdown() }
      return .success
    }
    defer { commandCenter.quitCommand.removeTarget(quit) }
    try await group.run()
  }
}
