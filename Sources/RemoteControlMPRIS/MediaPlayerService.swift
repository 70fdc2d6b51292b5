package import DBus
public import Logging
public import RemoteControl
public import ServiceLifecycle

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Makes an application an MPRIS 2.2 media player on D-Bus, for as long as it runs.
///
/// `run()` connects to the bus, exports `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player` at `/org/mpris/MediaPlayer2` over the application's command
/// center and Now Playing info center (with `org.mpris.MediaPlayer2.TrackList` and
/// `org.mpris.MediaPlayer2.Playlists` once its playback queue center provides a queue and
/// playlists), requests `org.mpris.MediaPlayer2.<name>` (or
/// `org.mpris.MediaPlayer2.<name>.instance<pid>` when that is taken), then serves until graceful
/// shutdown or cancellation, and finally releases the name. Run it in a `ServiceGroup`:
///
/// ```swift
/// let player = MediaPlayerService(
///   application: application,
///   configuration: MediaPlayerConfiguration(playerName: "binaural", identity: "Binaural"))
/// let group = ServiceGroup(configuration: .init(
///   services: [player], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
///
/// Calls become events from `RemoteControlEvent.Source.mpris(sender:)` delivered on the main
/// actor; a call is answered when its outcome is known. Property reads are answered on the bus
/// thread from a copy of the command center and from the thread-safe Now Playing info center.
/// No timer runs: changes are announced as they happen, and `Position` is computed when read.
public struct MediaPlayerService: Service {
  /// The application whose events and Now Playing info the player serves.
  public let application: Application
  /// How the player appears on the bus.
  public let configuration: MediaPlayerConfiguration
  private let logger: Logger
  private let onNameAcquired: @Sendable (String) -> Void
  /// The thread the player's connection shares with others', or `nil` for one of its own.
  package var connectionThread: ConnectionThread?

  /// Creates the service; nothing happens until ``run()``.
  ///
  /// - Parameters:
  ///   - application: The application to serve.
  ///   - configuration: Name, identity, bus.
  ///   - logger: Where the service logs.
  ///   - onNameAcquired: Called with the bus name the player got, once it serves under it.
  public init(
    application: Application,
    configuration: MediaPlayerConfiguration,
    logger: Logger = Logger(label: "RemoteControlMPRIS"),
    onNameAcquired: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.application = application
    self.configuration = configuration
    self.logger = logger
    self.onNameAcquired = onNameAcquired
  }

  /// Connects, exports the interfaces, requests the name and serves until graceful shutdown
  /// or cancellation; then releases the name and closes the connection.
  ///
  /// - Throws: ``MediaPlayerError`` when the bus cannot be reached or the name is refused.
  public func run() async throws {
    let connection: Connection
    do {
      if let connectionThread {
        connection = try await Connection.connect(configuration.bus.address, on: connectionThread)
      } else {
        connection = try await Connection.connect(configuration.bus.address)
      }
    } catch {
      throw MediaPlayerError.connectionFailed(to: configuration.bus, reason: error.message)
    }
    defer { connection.close() }
    connection.logsFailures(to: logger)
    let session = await MediaPlayerSession.start(
      application: application, configuration: configuration, connection: connection, logger: logger)
    defer { session.stop() }
    try await session.export()
    let name = try await MediaPlayerBusName.claim(for: configuration, on: connection, logger: logger)
    logger.info("serving MPRIS", metadata: ["name": "\(name)", "identity": "\(configuration.identity)"])
    onNameAcquired(name.rawValue)
    await serveUntilShutdown()
    // Should releasing fail, closing the connection, next, gives the name up all the same;
    // controllers see the player go then.
    await connection.releaseName(name, logger: logger)
  }

  /// Returns at graceful shutdown or when the task is cancelled: either ends serving.
  private func serveUntilShutdown() async {
    do {
      try await gracefulShutdown()
    } catch is CancellationError {
      // Cancellation ends serving, as a graceful shutdown does (see `run()`): no failure.
    } catch {
      // `gracefulShutdown()` documents no other error; should one come, serving ends too.
      logger.warning("stopped serving: waiting for graceful shutdown failed", metadata: ["error": "\(error)"])
    }
  }
}

extension MediaPlayerConfiguration.Bus: CustomStringConvertible {
  /// "session bus", or "bus at <address>".
  public var description: String {
    switch self {
    case .session: "session bus"
    case .address(let address): "bus at \(address)"
    }
  }

  var address: BusAddress {
    switch self {
    case .session: .session
    case .address(let address): .address(address)
    }
  }
}
