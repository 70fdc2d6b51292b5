import DBus
import Logging
import RemoteControl
import Synchronization

/// Announces what changed: one `org.freedesktop.DBus.Properties.PropertiesChanged` signal per
/// interface per change, carrying only the properties whose values differ from those last
/// announced, and `org.mpris.MediaPlayer2.Player.Seeked` when the position jumps.
///
/// It is called from wherever a change happens (the main actor for the command center, any
/// thread for the Now Playing info center); the comparison and the hand-over of the signals to
/// the connection's thread happen under one lock, so signals keep the order of the changes.
final class PropertyPublisher: Sendable {
  private struct Announced {
    var player: PlayerProperties
    var root: RootProperties
    var jumps: PositionJumpDetector
  }

  /// `/org/mpris/MediaPlayer2`, where MPRIS players export their interfaces.
  static let path: ObjectPath = "/org/mpris/MediaPlayer2"

  private let state: MediaPlayerState
  private let connection: Connection
  private let logger: Logger
  private let announced: Mutex<Announced>

  /// A publisher whose baseline is the state now: what a client reading the properties sees.
  init(state: MediaPlayerState, connection: Connection, logger: Logger) {
    self.state = state
    self.connection = connection
    self.logger = logger
    let snapshot = state.nowPlaying.snapshot
    var jumps = PositionJumpDetector(tolerance: state.configuration.seekTolerance)
    _ = jumps.position(after: snapshot)
    announced = Mutex(Announced(player: state.refreshPlayer(for: snapshot), root: state.root, jumps: jumps))
  }

  /// Announces the changes since the last announcement: call it after the command center
  /// changed (`snapshot` `nil`) or with each new Now Playing snapshot.
  func publish(nowPlaying snapshot: NowPlayingSnapshot? = nil) {
    announced.withLock { announced in
      let player = state.refreshPlayer(for: snapshot ?? state.nowPlaying.snapshot)
      let root = state.root
      emitChanges(root.changes(since: announced.root).map(\.rawValue), on: MediaPlayer2Interface.name)
      emitChanges(player.changes(since: announced.player).map(\.rawValue), on: PlayerInterface.name)
      announced.player = player
      announced.root = root
      if let snapshot, let position = announced.jumps.position(after: snapshot) {
        emitSeeked(position)
      }
    }
  }

  private func emitChanges(_ names: [String], on interface: String) {
    guard !names.isEmpty else { return }
    do {
      try connection.emitPropertiesChanged(path: Self.path, interface: interface, properties: names)
    } catch {
      logger.error(
        "could not announce changed properties", metadata: ["interface": "\(interface)", "error": "\(error)"])
    }
  }

  private func emitSeeked(_ position: Microseconds) {
    do {
      try connection.emitSignal(
        path: Self.path, interface: PlayerInterface.name, member: "Seeked",
        arguments: [.int64(position.rawValue)])
    } catch {
      logger.error("could not emit Seeked", metadata: ["error": "\(error)"])
    }
  }
}
