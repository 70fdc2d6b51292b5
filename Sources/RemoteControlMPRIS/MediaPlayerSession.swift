import DBus
import Logging
import RemoteControl
import Synchronization

/// One run of a media player on a connection: the command center's mirror, the exported
/// interfaces, and the observers that announce changes.
final class MediaPlayerSession: Sendable {
  private let state: MediaPlayerState
  private let dispatcher: EventDispatcher
  private let connection: Connection
  private let publisher: PropertyPublisher
  private let application: Application
  private let nowPlayingToken: ObservationToken
  private let commandsToken: ObservationToken
  private let registrations = Mutex<[Registration]>([])

  @MainActor
  private init(
    application: Application, configuration: MediaPlayerConfiguration, connection: Connection, logger: Logger
  ) {
    let center = application.commandCenter
    let mirror = CommandStateMirror(center)
    let state = MediaPlayerState(
      configuration: configuration, nowPlaying: application.nowPlayingInfoCenter, commands: mirror)
    let publisher = PropertyPublisher(state: state, connection: connection, logger: logger)
    self.state = state
    self.dispatcher = EventDispatcher(application: application)
    self.connection = connection
    self.publisher = publisher
    self.application = application
    // Both observers are added in the same main-actor turn as the copies are made, so no
    // change falls between the baseline and the first announcement.
    nowPlayingToken = application.nowPlayingInfoCenter.observe { snapshot in
      publisher.publish(nowPlaying: snapshot)
    }
    commandsToken = center.observeChanges { [weak center] _ in
      guard let center else { return }
      mirror.refresh(from: center)
      publisher.publish()
    }
  }

  /// Starts observing the application; nothing is on the bus yet.
  @MainActor
  static func start(
    application: Application, configuration: MediaPlayerConfiguration, connection: Connection, logger: Logger
  ) -> MediaPlayerSession {
    MediaPlayerSession(
      application: application, configuration: configuration, connection: connection, logger: logger)
  }

  /// Exports `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` at
  /// `/org/mpris/MediaPlayer2`.
  func export() async throws(MediaPlayerError) {
    do {
      let root = try await connection.export(
        MediaPlayer2Interface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(root) }
      let player = try await connection.export(
        PlayerInterface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(player) }
    } catch {
      throw MediaPlayerError(.exportFailed, "cannot export the MPRIS interfaces: \(error.message)")
    }
  }

  /// Stops observing the application and removes the interfaces from the bus.
  func stop() {
    state.nowPlaying.removeObserver(nowPlayingToken)
    let application = application
    let commandsToken = commandsToken
    Task { @MainActor in application.commandCenter.removeObserver(commandsToken) }
    for registration in registrations.withLock({ $0 }) { registration.cancel() }
  }
}
