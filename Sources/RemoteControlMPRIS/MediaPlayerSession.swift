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
  private let queueMirror: QueueMirror
  private let registrations = Mutex<[Registration]>([])
  /// The interfaces exported (or being exported); `nil` until ``export()``.
  private let exported = Mutex<Set<MediaPlayerInterface>?>(nil)
  /// This session, for the queue mirror's callback; cleared by ``stop()`` to end the cycle.
  private let sessionReference = SessionReference()
  private let writeHandler = Mutex<PropertyWriteRegistration?>(nil)
  private let logger: Logger

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
    self.logger = logger
    self.mirror = ApplicationMirror(application) { publisher.publish($0) }
    publisher.logArtworkFailures(of: application)
    // Set after every stored property: the callback exports TrackList or Playlists when the
    // application starts providing them.
    self.queueMirror = QueueMirror(application) { [session = self.sessionReference] change in
      publisher.publish(change)
      session.withLock { $0 }?.exportProvidedInterfaces()
    }
    sessionReference.withLock { $0 = self }
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
  /// `.TrackList` and `.Playlists` when the application provides them at
  /// `/org/mpris/MediaPlayer2`, and the extension interface
  /// `io.github.swift_remote_control.RemoteControl1` at its child object
  /// `/org/mpris/MediaPlayer2/RemoteControl` (playerctld aborts on its signals at the MPRIS path).
  func export() async throws(MediaPlayerError) {
    do {
      let root = try await connection.export(
        MediaPlayer2Interface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(root) }
      let player = try await connection.export(
        PlayerInterface.make(state: state, dispatcher: dispatcher), at: PropertyPublisher.path)
      registrations.withLock { $0.append(player) }
      let remoteControl = try await connection.export(
        RemoteControlInterface.make(state: state, dispatcher: dispatcher),
        at: PropertyPublisher.path(of: .remoteControl))
      registrations.withLock { $0.append(remoteControl) }
      // Property writes are answered once the app has handled them, as method calls are.
      let state = state
      let dispatcher = dispatcher
      let handler = try await connection.handlePropertyWrites(at: PropertyPublisher.path) { write in
        state.takeWrite(write, dispatcher: dispatcher)
      }
      writeHandler.withLock { $0 = handler }
      // The interfaces provided now are exported before the name is claimed; one lock marks the
      // root, player and extension interfaces exported and these pending, so a change racing with it exports only
      // what this misses.
      try await exportProvided(startingFrom: [.root, .player, .remoteControl])
    } catch {
      throw MediaPlayerError(.exportFailed, "cannot export the MPRIS interfaces: \(error.message)")
    }
  }

  /// Exports `org.mpris.MediaPlayer2.TrackList` and `.Playlists` when the application provides
  /// them and they are not exported yet (once ``export()`` has run). They stay exported for the
  /// session's life; while the application provides no queue they are empty. One that cannot be
  /// exported is logged, and tried again at the application's next change of queue or playlists.
  private func exportProvidedInterfaces() {
    Task { [logger] in
      do throws(BusError) {
        try await exportProvided()
      } catch {
        logger.error(
          "could not export an interface the application now provides; it is tried again at the next change",
          metadata: ["error": "\(error.message)"])
      }
    }
  }

  /// Exports the interfaces provided and not exported yet; `initial` are those being exported
  /// when ``exported`` is still `nil`. When one fails, it and those after it are marked not
  /// exported again before the error is thrown, so the next call tries them.
  private func exportProvided(startingFrom initial: Set<MediaPlayerInterface>? = nil) async throws(BusError) {
    let provided = state.read { $0.providedInterfaces }
    let missing = exported.withLock { exported -> Set<MediaPlayerInterface> in
      guard let current = exported ?? initial else { return [] }
      exported = current.union(provided)
      return provided.subtracting(current)
    }
    var pending = missing
    for interface in MediaPlayerInterface.allCases where missing.contains(interface) {
      let made: Interface
      switch interface {
      case .root: made = MediaPlayer2Interface.make(state: state, dispatcher: dispatcher)
      case .player: made = PlayerInterface.make(state: state, dispatcher: dispatcher)
      case .trackList: made = TrackListInterface.make(state: state, dispatcher: dispatcher)
      case .playlists: made = PlaylistsInterface.make(state: state, dispatcher: dispatcher)
      case .remoteControl: made = RemoteControlInterface.make(state: state, dispatcher: dispatcher)
      }
      do {
        let registration = try await connection.export(made, at: PropertyPublisher.path(of: interface))
        registrations.withLock { $0.append(registration) }
        pending.remove(interface)
      } catch {
        exported.withLock { $0?.subtract(pending) }
        throw BusError(
          error.name, "\(interface.rawValue) could not be exported: \(error.message)",
          operation: error.operation,
          errno: error.errno)
      }
    }
  }

  /// Stops observing the application and removes the interfaces from the bus.
  func stop() {
    mirror.stop()
    queueMirror.stop()
    sessionReference.withLock { $0 = nil }
    writeHandler.withLock { $0 }?.cancel()
    for registration in registrations.withLock({ $0 }) { registration.cancel() }
  }
}
