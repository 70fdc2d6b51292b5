/// The command that sets the volume, with the volume now in force.
///
/// MediaPlayer has no such command; MPRIS has the `Player.Volume` property, which shows
/// ``currentVolume``.
@MainActor
public final class ChangeVolumeCommand: RemoteCommand {
  /// The volume now in force: 1 is full volume, 0 silence. Default: 1.
  public var currentVolume: Double = 1 {
    didSet { if oldValue != currentVolume { didChange() } }
  }

  /// Adds a target that receives the volume asked for; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MPRIS's `Volume` written.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ volume: Double) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changeVolume(let volume) = event.command else { return .commandFailed }
      return handler(volume)
    }
  }
}
