import DBus
import Logging
import RemoteControl
import RemoteControlBackend

/// Announces what changed: one `org.freedesktop.DBus.Properties.PropertiesChanged` signal per
/// interface per change, carrying only the properties whose values differ from those last
/// announced, and `org.mpris.MediaPlayer2.Player.Seeked` when the position jumps.
///
/// It is called from wherever a change happens (the main actor for the command center, any
/// thread for the Now Playing info center); the state compares and hands the signals over to the
/// connection's thread under its one lock, so signals keep the order of the changes.
struct PropertyPublisher: Sendable {
  /// `/org/mpris/MediaPlayer2`, where MPRIS players export their interfaces (a constant: were it
  /// not a valid path, that would be a programmer error, and it would trap).
  static let path = ObjectPath(stringLiteral: MediaPlayerInterface.objectPath)

  /// Where `interface` is exported: ``path`` for the MPRIS interfaces, its child object
  /// `/org/mpris/MediaPlayer2/RemoteControl` for the extension interface (constants too).
  static func path(of interface: MediaPlayerInterface) -> ObjectPath {
    ObjectPath(stringLiteral: interface.objectPath)
  }

  let state: MediaPlayerState
  let connection: Connection
  let logger: Logger
  private let artworkFailures: ArtworkFailureLog

  init(state: MediaPlayerState, connection: Connection, logger: Logger) {
    self.state = state
    self.connection = connection
    self.logger = logger
    self.artworkFailures = ArtworkFailureLog(logger: logger)
  }

  /// Takes in a change of the application and announces what it changed; logs artwork that is
  /// published without its picture because the cache could not be written.
  func publish(_ change: ApplicationMirror.Change) {
    state.apply(change, announce: emitChanges, seeked: emitSeeked, signal: emitQueueSignal)
    artworkFailures.take(change)
  }

  /// Logs the artwork failures the application holds when the player starts, which no change
  /// reports.
  @MainActor
  func logArtworkFailures(of application: Application) {
    artworkFailures.take(.nowPlaying(application.nowPlayingInfoCenter.snapshot))
    artworkFailures.take(.queue(QueueState(application)))
  }

  private func emitQueueSignal(_ signal: QueueSignals.Signal) {
    do {
      try connection.emitSignal(
        path: Self.path(of: signal.interface), interface: signal.interface.rawValue, member: signal.member,
        arguments: signal.arguments)
    } catch  where error.name == .unknownInterface {
      return
    } catch {
      logger.error(
        "could not emit \(signal.member)",
        metadata: ["interface": "\(signal.interface.rawValue)", "error": "\(error)"])
    }
  }

  private func emitChanges(on interface: MediaPlayerInterface, _ names: [String]) {
    do {
      try connection.emitPropertiesChanged(
        path: Self.path(of: interface), interface: interface.rawValue, properties: names)
    } catch  where error.name == .unknownInterface {
      // TrackList or Playlists, provided a moment ago and being exported: clients read its
      // values once it is, and nothing was announced before.
      return
    } catch {
      logger.error(
        "could not announce changed properties",
        metadata: ["interface": "\(interface.rawValue)", "error": "\(error)"])
    }
  }

  private func emitSeeked(_ position: Microseconds) {
    do {
      try connection.emitSignal(
        path: Self.path, interface: MediaPlayerInterface.player.rawValue,
        member: PlayerSignal.seeked.rawValue,
        arguments: [.int64(position.rawValue)])
    } catch {
      logger.error("could not emit Seeked", metadata: ["error": "\(error)"])
    }
  }
}
