import DBus
import Logging
import RemoteControl
import RemoteControlBackend
import Synchronization

/// One run of a media player on a connection: the player's state, the exported interfaces, and
/// the mirror of the application that announces its changes.
final class MediaPlayerSession: Sendable {
  private let state: MediaPlayerState
  private let dispatcher: EventDispatcher
  private let connection: Connection
  private let mirror: ApplicationMirror
  private let registrations = Mutex<[Registration]>([])
  private let writeHandler = Mutex<PropertyWriteRegistration?>(nil)

  @MainActor
  private init(
    application: Application, configuration: MediaPlayerConfiguration, connection: Connection, logger: Logger
  ) {
    // The baseline is copied and the mirror starts in the same main-actor turn, so no change
    // falls between the baseline and the first announcement.
    let state = MediaPlayerState(
      configuration: configuration, nowPlaying: application.nowPlayingInfoCenter,
      application: ApplicationState(application))
    let publisher = PropertyPublisher(state: state, connection: connection, logger: logger)
    self.state = state
    self.dispatcher = EventDispatcher(sender: EventSender(application: application))
    self.connection = connection
    self.mirror = ApplicationMirror(application) { publisher.publish($0) }
  }

  /// Starts observing the application; nothing is on the bus yet.
  @MainActor
  static func start(
    application: Application, configuration: MediaPlayerConfiguration, connection: Connection, logger: Logger
  ) -> MediaPlayerSession {
    MediaPlayerSession(
      application: application, configuration: configuration, connection: connection, logger: logger)
  }

  /// Exports `org.mpris.MediaPlayer2`, `org.mpris.MediaPlayer2.Player` and the extension
  /// interface `io.github.swift_remote_control.RemoteControl1` at `/org/mpris/MediaPlayer2`.
  func export() async throws(MediaPlayerError) {
    do {
      let root = try await connection.export(
        MediaPlayer2Interface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(root) }
      let player = try await connection.export(
        PlayerInterface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(player) }
      let remoteControl = try await connection.export(
        RemoteControlInterface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(remoteControl) }
      // Property writes are answered once the app has handled them, as method calls are.
      let state = state
      let dispatcher = dispatcher
      let handler = try await connection.handlePropertyWrites(at: PropertyPublisher.path) { write in
        state.takeWrite(write, dispatcher: dispatcher)
      }
      writeHandler.withLock { $0 = handler }
    } catch {
      throw MediaPlayerError(.exportFailed, "cannot export the MPRIS interfaces: \(error.message)")
    }
  }

  /// Stops observing the application and removes the interfaces from the bus.
  func stop() {
    mirror.stop()
    writeHandler.withLock { $0 }?.cancel()
    for registration in registrations.withLock({ $0 }) { registration.cancel() }
  }
}
