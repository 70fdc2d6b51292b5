/// The command that changes the repeat mode, with the mode now in force.
///
/// The corresponding MediaPlayer class is `MPChangeRepeatModeCommand`; MPRIS's `LoopStatus`
/// shows ``currentRepeatType``.
@MainActor
public final class ChangeRepeatModeCommand: RemoteCommand {
  /// The repeat mode now in force; set it when your player's mode changes.
  public var currentRepeatType: RepeatMode = .off {
    didSet { if oldValue != currentRepeatType { didChange() } }
  }
}
