/// The command that changes the shuffle mode, with the mode now in force.
///
/// The corresponding MediaPlayer class is `MPChangeShuffleModeCommand`; MPRIS's `Shuffle`
/// is `true` when ``currentShuffleType`` is not ``ShuffleMode/off``.
@MainActor
public final class ChangeShuffleModeCommand: RemoteCommand {
  /// The shuffle mode now in force; set it when your player's mode changes.
  public var currentShuffleType: ShuffleMode = .off {
    didSet { if oldValue != currentShuffleType { didChange() } }
  }

  /// Adds a target that receives the shuffle mode asked for; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPChangeShuffleModeCommandEvent.shuffleType`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ shuffleMode: ShuffleMode) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changeShuffleMode(let mode) = event.command else { return .commandFailed }
      return handler(mode)
    }
  }
}
