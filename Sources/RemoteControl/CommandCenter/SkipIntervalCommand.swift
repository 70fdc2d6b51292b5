/// A command that jumps by an interval, with the intervals the app prefers.
///
/// The corresponding MediaPlayer class is `MPSkipIntervalCommand`.
@MainActor
public final class SkipIntervalCommand: RemoteCommand {
  /// The intervals controllers should offer, such as 15 seconds. Default: 15 seconds.
  public var preferredIntervals: [Duration] = [.seconds(15)] {
    didSet { if oldValue != preferredIntervals { didChange() } }
  }

  /// Adds a target that receives the interval to skip by; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPSkipIntervalCommandEvent.interval`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ interval: Duration) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      if case .skipForward(let interval) = event.command { return handler(interval) }
      if case .skipBackward(let interval) = event.command { return handler(interval) }
      // Only skip events are routed here.
      return .commandFailed
    }
  }
}
