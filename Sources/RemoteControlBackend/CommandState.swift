package import RemoteControl

/// What a command center offers, copied so that a backend can read it from any thread.
///
/// A backend answers its controllers from its own thread (MPRIS reads `Can*`, `MinimumRate`,
/// `MaximumRate`, `LoopStatus`, `Shuffle` and `Volume` from it on the bus thread), never from
/// the main actor. ``ApplicationMirror`` makes a new copy each time the command center changes.
package struct CommandState: Sendable, Hashable {
  /// The commands whose ``RemoteCommand/isEnabled`` is `true`.
  package var enabledCommands: Set<RemoteCommandKind>
  /// The commands whose ``RemoteCommand/isOffered`` is `true`: enabled, and something can
  /// handle them.
  package var offeredCommands: Set<RemoteCommandKind>
  /// ``ChangePlaybackRateCommand/minimumRate``.
  package var minimumRate: Double
  /// ``ChangePlaybackRateCommand/maximumRate``.
  package var maximumRate: Double
  /// ``ChangePlaybackRateCommand/supportedPlaybackRates`` once the app has declared them
  /// (``ChangePlaybackRateCommand/declaresSupportedPlaybackRates``); `nil` before.
  package var declaredPlaybackRates: [Double]?
  /// ``ChangeRepeatModeCommand/currentRepeatType``.
  package var repeatMode: RepeatMode
  /// ``ChangeShuffleModeCommand/currentShuffleType``.
  package var shuffleMode: ShuffleMode
  /// ``ChangeVolumeCommand/currentVolume``.
  package var volume: Double
  /// Feedback, rating, skip intervals and supported rates: what MPRIS cannot carry.
  package var details: CommandDetails

  /// A copy of the command center's state now.
  @MainActor
  package init(_ center: RemoteCommandCenter) {
    enabledCommands = Set(center.allCommands.filter(\.isEnabled).map(\.kind))
    offeredCommands = Set(center.allCommands.filter(\.isOffered).map(\.kind))
    minimumRate = center.changePlaybackRateCommand.minimumRate
    maximumRate = center.changePlaybackRateCommand.maximumRate
    declaredPlaybackRates =
      center.changePlaybackRateCommand.declaresSupportedPlaybackRates
      ? center.changePlaybackRateCommand.supportedPlaybackRates : nil
    repeatMode = center.changeRepeatModeCommand.currentRepeatType
    shuffleMode = center.changeShuffleModeCommand.currentShuffleType
    volume = center.changeVolumeCommand.currentVolume
    details = CommandDetails(center)
  }

  /// Whether a command is enabled.
  package func isEnabled(_ kind: RemoteCommandKind) -> Bool { enabledCommands.contains(kind) }

  /// Whether a command is offered to controllers: enabled, and something can handle it.
  package func isOffered(_ kind: RemoteCommandKind) -> Bool { offeredCommands.contains(kind) }
}
