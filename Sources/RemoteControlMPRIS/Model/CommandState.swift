import RemoteControl

/// What a command center offers, copied so that it can be read from any thread.
///
/// MPRIS's `Can*` properties, `MinimumRate`, `MaximumRate`, `LoopStatus`, `Shuffle` and `Volume`
/// of `org.mpris.MediaPlayer2.Player` (and `CanQuit`, `CanRaise` of `org.mpris.MediaPlayer2`) are
/// read from it on the bus thread, never from the main actor.
struct CommandState: Sendable, Hashable {
  /// The commands whose ``RemoteCommand/isEnabled`` is `true`.
  var enabledCommands: Set<RemoteCommandKind>
  /// ``ChangePlaybackRateCommand/minimumRate``.
  var minimumRate: Double
  /// ``ChangePlaybackRateCommand/maximumRate``.
  var maximumRate: Double
  /// ``ChangeRepeatModeCommand/currentRepeatType``.
  var repeatMode: RepeatMode
  /// ``ChangeShuffleModeCommand/currentShuffleType``.
  var shuffleMode: ShuffleMode
  /// ``ChangeVolumeCommand/currentVolume``.
  var volume: Double

  /// A copy of the command center's state now.
  @MainActor
  init(_ center: RemoteCommandCenter) {
    enabledCommands = Set(center.allCommands.filter(\.isEnabled).map(\.kind))
    minimumRate = center.changePlaybackRateCommand.minimumRate
    maximumRate = center.changePlaybackRateCommand.maximumRate
    repeatMode = center.changeRepeatModeCommand.currentRepeatType
    shuffleMode = center.changeShuffleModeCommand.currentShuffleType
    volume = center.changeVolumeCommand.currentVolume
  }

  /// Whether a command is enabled.
  func isEnabled(_ kind: RemoteCommandKind) -> Bool { enabledCommands.contains(kind) }
}
