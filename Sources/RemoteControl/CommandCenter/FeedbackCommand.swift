/// A like, dislike or bookmark command, with whether it is active for the current item.
///
/// The corresponding MediaPlayer class is `MPFeedbackCommand`.
@MainActor
public final class FeedbackCommand: RemoteCommand {
  /// Whether the feedback is given for the current item (the item is liked, say).
  public var isActive = false {
    didSet { if oldValue != isActive { didChange() } }
  }
  /// The title controllers show for the command.
  public var localizedTitle = "" {
    didSet { if oldValue != localizedTitle { didChange() } }
  }
  /// A shorter title, for small screens.
  public var localizedShortTitle = "" {
    didSet { if oldValue != localizedShortTitle { didChange() } }
  }

  /// Adds a target that receives whether the feedback is taken back; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPFeedbackCommandEvent.isNegative`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ isNegative: Bool) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      if case .like(let isNegative) = event.command { return handler(isNegative) }
      if case .dislike(let isNegative) = event.command { return handler(isNegative) }
      if case .bookmark(let isNegative) = event.command { return handler(isNegative) }
      // Only feedback events are routed here.
      return .commandFailed
    }
  }
}
