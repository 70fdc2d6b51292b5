import RemoteControl

/// Everything the bus thread reads to answer property reads: the configuration, the command
/// center's mirror and the Now Playing info center. Reading it never touches the main actor.
final class MediaPlayerState: Sendable {
  /// How the player appears.
  let configuration: MediaPlayerConfiguration
  /// The application's Now Playing info center (thread-safe).
  let nowPlaying: NowPlayingInfoCenter
  /// The application's command center, as last copied.
  let commands: CommandStateMirror

  init(configuration: MediaPlayerConfiguration, nowPlaying: NowPlayingInfoCenter, commands: CommandStateMirror) {
    self.configuration = configuration
    self.nowPlaying = nowPlaying
    self.commands = commands
  }

  /// The `org.mpris.MediaPlayer2.Player` property values now.
  var player: PlayerProperties { player(for: nowPlaying.snapshot) }

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
