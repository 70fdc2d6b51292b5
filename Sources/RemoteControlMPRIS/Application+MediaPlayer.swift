import Logging
public import RemoteControl
import ServiceLifecycle

extension Application {
  /// Runs this application as an MPRIS media player on the session bus, until the task is
  /// cancelled or the process gets SIGINT or SIGTERM.
  ///
  /// The one call a simple app needs: it claims `org.mpris.MediaPlayer2.<name>` (or
  /// `org.mpris.MediaPlayer2.<name>.instance<pid>` when that is taken), so desktop media
  /// controls, media keys and `playerctl` drive the app, and releases the name when it returns.
  /// As with `UIApplication`, events reach the app only after
  /// ``RemoteControl/Application/beginReceivingRemoteControlEvents()``.
  ///
  /// ```swift
  /// application.beginReceivingRemoteControlEvents()
  /// try await application.runAsMediaPlayer(name: "podcasts", identity: "Podcasts")
  /// ```
  ///
  /// To run the player beside other services, or with a logger of your own, put a
  /// ``MediaPlayerService`` in your own `ServiceGroup` instead.
  ///
  /// - Parameters:
  ///   - name: The last element of the bus name: `[A-Za-z0-9_-]`, not starting with a digit.
  ///     MPRIS: the `<name>` of `org.mpris.MediaPlayer2.<name>`.
  ///   - identity: The name people see, such as "Podcasts". MPRIS: `org.mpris.MediaPlayer2.Identity`.
  /// - Throws: ``MediaPlayerError`` when there is no session bus (its message says how to get
  ///   one) or the name cannot be had.
  public func runAsMediaPlayer(name: String, identity: String) async throws {
    try await runAsMediaPlayer(MediaPlayerConfiguration(playerName: name, identity: identity))
  }

  /// Runs this application as the MPRIS media player `configuration` describes, until the task
  /// is cancelled or the process gets SIGINT or SIGTERM.
  ///
  /// ``runAsMediaPlayer(name:identity:)`` with every setting of ``MediaPlayerConfiguration``:
  /// a desktop entry, the URI schemes and MIME types `OpenUri` takes, another bus. Log lines go
  /// to the logging system the process set up (swift-log's `LoggingSystem`).
  ///
  /// - Throws: ``MediaPlayerError`` when the bus cannot be reached or the name cannot be had.
  public func runAsMediaPlayer(_ configuration: MediaPlayerConfiguration) async throws {
    let logger = Logger(label: "RemoteControlMPRIS")
    let player = MediaPlayerService(application: self, configuration: configuration, logger: logger)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [player], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }
}
