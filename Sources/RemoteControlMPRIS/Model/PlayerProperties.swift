import DBus
import RemoteControl

/// The values of the `org.mpris.MediaPlayer2.Player` properties that announce their changes,
/// computed from the command center and the Now Playing info.
///
/// `Position` is not here: it is computed on each read and never announced. `CanControl` is not
/// here either: it never changes (its `EmitsChangedSignal` is `false`).
struct PlayerProperties: Sendable, Hashable {
  /// `PlaybackStatus` (`s`).
  var playbackStatus: PlaybackStatus
  /// `LoopStatus` (`s`).
  var loopStatus: LoopStatus
  /// `Rate` (`d`): the reported position state's rate, 1 when none was reported.
  var rate: Double
  /// `Shuffle` (`b`).
  var shuffle: Bool
  /// `Metadata` (`a{sv}`).
  var metadata: Metadata
  /// `Metadata` as the `a{sv}` value a read returns, built once.
  var metadataValue: Value
  /// `Volume` (`d`).
  var volume: Double
  /// `MinimumRate` (`d`).
  var minimumRate: Double
  /// `MaximumRate` (`d`).
  var maximumRate: Double
  /// `CanGoNext` (`b`): the next-track command is enabled.
  var canGoNext: Bool
  /// `CanGoPrevious` (`b`): the previous-track command is enabled.
  var canGoPrevious: Bool
  /// `CanPlay` (`b`): the play command is enabled.
  var canPlay: Bool
  /// `CanPause` (`b`): the pause command is enabled.
  var canPause: Bool
  /// `CanSeek` (`b`): changing the position or skipping is enabled.
  var canSeek: Bool

  /// The properties for a command center state and a Now Playing snapshot. When `canControl` is
  /// `false`, every `Can*` is `false`, as the spec asks.
  init(commands: CommandState, nowPlaying: NowPlayingSnapshot, canControl: Bool) {
    playbackStatus = PlaybackStatus(nowPlaying.playbackState)
    loopStatus = LoopStatus(commands.repeatMode)
    rate = nowPlaying.positionState?.playbackRate ?? 1
    shuffle = commands.shuffleMode != .off
    metadata = Metadata(nowPlaying)
    metadataValue = metadata.value
    volume = commands.volume
    minimumRate = commands.minimumRate
    maximumRate = commands.maximumRate
    canGoNext = canControl && commands.isEnabled(.nextTrack)
    canGoPrevious = canControl && commands.isEnabled(.previousTrack)
    canPlay = canControl && commands.isEnabled(.play)
    canPause = canControl && commands.isEnabled(.pause)
    canSeek =
      canControl
      && (commands.isEnabled(.changePlaybackPosition) || commands.isEnabled(.skipForward)
        || commands.isEnabled(.skipBackward))
  }

  /// The properties whose values differ from `old`, in the order the spec lists them.
  func changes(since old: PlayerProperties) -> [PlayerProperty] {
    PlayerProperty.allCases.filter { !$0.hasSameValue(in: self, as: old) }
  }
}
