import DBus
import RemoteControl
import RemoteControlBackend
import Synchronization

/// The player's one state, under one lock: the model (the application as last mirrored), the
/// property values computed from it for each interface's table, and the position-jump detector.
///
/// The bus thread reads it to answer `Get` and to gate calls, never touching the main actor; a
/// change (``apply(_:announce:seeked:)``) updates the model, recomputes the values once, and
/// hands the announcements to the connection under the same lock, so signals keep the order of
/// the changes and a read never sees values older than the last announcement.
final class MediaPlayerState: Sendable {
  private struct Published {
    var model: MediaPlayerModel
    /// The values of each table's model properties (``PropertyTable/values(for:)``).
    var values: [[Value]]
    var jumps: PositionJumpDetector
  }

  /// How the player appears.
  let configuration: MediaPlayerConfiguration
  /// The application's Now Playing info center (thread-safe), for the values computed at each
  /// read.
  let nowPlaying: NowPlayingInfoCenter
  /// The property table of each exported interface.
  let tables: [PropertyTable]
  private let published: Mutex<Published>

  /// A state whose baseline is `application`, with the tables of `org.mpris.MediaPlayer2`,
  /// `org.mpris.MediaPlayer2.Player` and the extension interface.
  init(
    configuration: MediaPlayerConfiguration, nowPlaying: NowPlayingInfoCenter, application: ApplicationState
  ) {
    self.configuration = configuration
    self.nowPlaying = nowPlaying
    let tables = MediaPlayerInterface.allCases.map { interface in
      switch interface {
      case .root: MediaPlayer2Interface.propertyTable(for: configuration)
      case .player: PlayerInterface.propertyTable
      case .trackList: TrackListInterface.propertyTable
      case .playlists: PlaylistsInterface.propertyTable
      case .remoteControl: RemoteControlInterface.propertyTable
      }
    }
    self.tables = tables
    let model = MediaPlayerModel(configuration: configuration, application: application)
    var jumps = PositionJumpDetector(tolerance: configuration.seekTolerance)
    _ = jumps.position(after: application.nowPlaying)
    published = Mutex(Published(model: model, values: tables.map { $0.values(for: model) }, jumps: jumps))
  }

  /// Where `interface`'s table is in ``tables``: they follow the order of
  /// `MediaPlayerInterface.allCases`.
  static func tableIndex(_ interface: MediaPlayerInterface) -> Int {
    switch interface {
    case .root: 0
    case .player: 1
    case .trackList: 2
    case .playlists: 3
    case .remoteControl: 4
    }
  }

  /// The model now (a copy).
  var model: MediaPlayerModel { published.withLock { $0.model } }

  /// Reads one fact of the model now, without copying the rest.
  func read<Fact: Sendable>(_ fact: @Sendable (borrowing MediaPlayerModel) -> Fact) -> Fact {
    published.withLock { fact($0.model) }
  }

  /// The value last computed for slot `slot` of table `table`.
  func value(table: Int, slot: Int) -> Value {
    published.withLock { $0.values[table][slot] }
  }

  /// Takes in a change of the application: recomputes every table's values, calls `announce`
  /// with each interface's announced properties whose values changed, and `seeked` when the
  /// position jumped, and `signal` with the TrackList and Playlists signals the change calls for
  /// (``QueueSignals``); all under the lock. Interfaces the application does not provide are not
  /// announced.
  func apply(
    _ change: ApplicationMirror.Change,
    announce: (MediaPlayerInterface, [String]) -> Void,
    seeked: (Microseconds) -> Void,
    signal: (QueueSignals.Signal) -> Void
  ) {
    published.withLock { published in
      // An event whose outcome is that of the command's last one changes nothing: no recompute.
      if case .delivered(let kind, let outcome) = change,
        published.model.application.lastOutcomes[kind] == outcome
      {
        return
      }
      let before = published.model
      published.model.application.apply(change)
      let provided = published.model.providedInterfaces
      for (index, table) in tables.enumerated() {
        let values = table.values(for: published.model)
        let names = table.changes(from: published.values[index], to: values)
        published.values[index] = values
        if !names.isEmpty, provided.contains(table.interface) { announce(table.interface, names) }
      }
      if case .nowPlaying(let snapshot) = change, let position = published.jumps.position(after: snapshot) {
        seeked(Microseconds(position))
      }
      if case .queue = change {
        for queueSignal in QueueSignals.between(before, published.model) { signal(queueSignal) }
      }
    }
  }
}
