/// The command that changes the playback rate, with the rates the app supports.
///
/// The corresponding MediaPlayer class is `MPChangePlaybackRateCommand`; MPRIS's
/// `MinimumRate` and `MaximumRate` are the smallest and largest supported rate.
@MainActor
public final class ChangePlaybackRateCommand: RemoteCommand {
  /// The rates the app can play at, such as `[0.5, 1, 1.5, 2]`. Default: `[1]`.
  public var supportedPlaybackRates: [Double] = [1] {
    didSet { if oldValue != supportedPlaybackRates { didChange() } }
  }

  /// The smallest supported rate (MPRIS `MinimumRate`); 1 when none are listed.
  public var minimumRate: Double { supportedPlaybackRates.min() ?? 1 }
  /// The largest supported rate (MPRIS `MaximumRate`); 1 when none are listed.
  public var maximumRate: Double { supportedPlaybackRates.max() ?? 1 }

  /// Adds a target that receives the rate asked for; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPChangePlaybackRateCommandEvent.playbackRate`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ rate: Double) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changePlaybackRate(let rate) = event.command else { return .commandFailed }
      return handler(rate)
    }
  }
}
