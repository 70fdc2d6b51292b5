/// The command that adds an item to the queue.
///
/// MediaPlayer has no such command; MPRIS's `TrackList.AddTrack` sends it, while the queue's
/// ``PlaybackQueue/canEdit`` is `true`.
@MainActor
public final class AddQueueItemCommand: RemoteCommand {
  /// Adds a target that receives what to add; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ addition: QueueItemAddition) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .addQueueItem(let addition) = event.command else { return .commandFailed }
      return handler(addition)
    }
  }
}
