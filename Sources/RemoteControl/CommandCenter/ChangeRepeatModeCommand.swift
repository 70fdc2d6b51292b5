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

  /// Adds a target that receives the repeat mode asked for; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPChangeRepeatModeCommandEvent.repeatType`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ repeatMode: RepeatMode) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changeRepeatMode(let mode) = event.command else { return .commandFailed }
      return handler(mode)
    }
  }
}
