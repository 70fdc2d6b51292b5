import RemoteControl
import Synchronization

/// Everything the bus thread reads to answer property reads: the configuration, the command
/// center's mirror and the Now Playing info center. Reading it never touches the main actor.
final class MediaPlayerState: Sendable {
  /// How the player appears.
  let configuration: MediaPlayerConfiguration
  /// The application's Now Playing info center (thread-safe).
  let nowPlaying: NowPlayingInfoCenter
  /// The application's command center, as last copied.
  let commands: CommandStateMirror
  /// The property values last computed by ``refreshPlayer(for:)``: what reads return, so that
  /// a read copies a value instead of rebuilding it (and its Metadata) from a snapshot.
  private let latestPlayer: Mutex<PlayerProperties?> = Mutex(nil)

  init(
    configuration: MediaPlayerConfiguration, nowPlaying: NowPlayingInfoCenter, commands: CommandStateMirror
  ) {
    self.configuration = configuration
    self.nowPlaying = nowPlaying
    self.commands = commands
  }

  /// The `org.mpris.MediaPlayer2.Player` property values now: those of the last change, which
  /// every change refreshes (see ``refreshPlayer(for:)``).
  var player: PlayerProperties {
    latestPlayer.withLock { $0 } ?? refreshPlayer(for: nowPlaying.snapshot)
  }

  /// Computes the property values for a snapshot and keeps them for reads.
  @discardableResult
  func refreshPlayer(for snapshot: NowPlayingSnapshot) -> PlayerProperties {
    let player = player(for: snapshot)
    latestPlayer.withLock { $0 = player }
    return player
  }

  /// The `org.mpris.MediaPlayer2.Player` property values for a snapshot.
  func player(for snapshot: NowPlayingSnapshot) -> PlayerProperties {
    PlayerProperties(commands: commands.current, nowPlaying: snapshot, canControl: configuration.canControl)
  }

  /// The `org.mpris.MediaPlayer2` property values now.
  var root: RootProperties { RootProperties(commands: commands.current) }

  /// `org.mpris.MediaPlayer2.Player.Position`: the position now, extrapolated from the last
  /// report.
  var position: Microseconds { Microseconds(seconds: nowPlaying.currentPosition) }

  /// `mpris:length` of the item playing now.
  var length: Microseconds? { nowPlaying.snapshot.length }
}
