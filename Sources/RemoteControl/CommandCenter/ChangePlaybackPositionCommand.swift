/// The command that moves playback to a position in the current item.
///
/// The corresponding MediaPlayer class is `MPChangePlaybackPositionCommand`; MPRIS's
/// `SetPosition` sends it.
@MainActor
public final class ChangePlaybackPositionCommand: RemoteCommand {
  /// Adds a target that receives the position asked for; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPChangePlaybackPositionCommandEvent.positionTime`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ position: Duration) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changePlaybackPosition(let position) = event.command else { return .commandFailed }
      return handler(position)
    }
  }
}
