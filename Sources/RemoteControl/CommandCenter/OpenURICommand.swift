/// The command that opens and plays a URI.
///
/// MediaPlayer has no such command; MPRIS's `OpenUri` sends it, for the schemes the player lists
/// in `SupportedUriSchemes`.
@MainActor
public final class OpenURICommand: RemoteCommand {
  /// Adds a target that receives the URI to open; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MPRIS's `OpenUri` argument.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ uri: String) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .openURI(let uri) = event.command else { return .commandFailed }
      return handler(uri)
    }
  }
}
