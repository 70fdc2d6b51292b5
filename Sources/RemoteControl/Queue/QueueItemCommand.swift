/// A command about one queue item or playlist, named by its identifier: going to a queue item,
/// removing one, or activating a playlist.
///
/// MediaPlayer has no such commands; MPRIS's `TrackList.GoTo`, `TrackList.RemoveTrack` and
/// `Playlists.ActivatePlaylist` send them, only for identifiers the app published.
@MainActor
public final class QueueItemCommand: RemoteCommand {
  /// Adds a target that receives the identifier of the item (or playlist); it runs for each
  /// event of this command, after those added before it.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ id: String) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      if case .goToQueueItem(let id) = event.command { return handler(id) }
      if case .removeQueueItem(let id) = event.command { return handler(id) }
      if case .activatePlaylist(let id) = event.command { return handler(id) }
      return .commandFailed
    }
  }
}
