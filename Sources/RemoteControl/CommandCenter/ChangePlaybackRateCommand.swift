/// The command that changes the playback rate, with the rates the app supports.
///
/// The corresponding MediaPlayer class is `MPChangePlaybackRateCommand`; MPRIS's
/// `MinimumRate` and `MaximumRate` are the smallest and largest supported rate.
///
/// Once the app sets ``supportedPlaybackRates``, a rate that is not one of them is refused
/// before any target runs: the outcome is ``RemoteCommandHandlerStatus/commandFailed(_:)`` with
/// a message that lists the supported rates, and over MPRIS a `Rate` write of it is answered
/// with `InvalidArgs` saying the same. Until then, targets receive any rate asked for.
@MainActor
public final class ChangePlaybackRateCommand: RemoteCommand {
  /// The rates the app can play at, such as `[0.5, 1, 1.5, 2]`. Default: `[1]`.
  ///
  /// Setting it declares them: from then on, other rates are refused before the targets run
  /// (see the type's documentation). A continuous seek in rate mode sends its rate and, going
  /// backward, its negation: list those too.
  public var supportedPlaybackRates: [Double] = [1] {
    didSet {
      declaresSupportedPlaybackRates = true
      if oldValue != supportedPlaybackRates { didChange() }
    }
  }

  /// Whether the app has set ``supportedPlaybackRates``, so that other rates are refused.
  public private(set) var declaresSupportedPlaybackRates = false

  /// Why `rate` is refused: `nil` when the app declared no rates or `rate` is one of them.
  ///
  /// - Returns: ``RemoteCommandHandlerStatus/commandFailed(_:)`` with a message that lists the
  ///   supported rates.
  public func refusal(of rate: Double) -> RemoteCommandHandlerStatus? {
    guard declaresSupportedPlaybackRates, !supportedPlaybackRates.contains(rate) else { return nil }
    return .commandFailed(Self.refusalMessage(rate: rate, supported: supportedPlaybackRates))
  }

  /// The words of a refusal: the rate asked for and the rates supported.
  nonisolated package static func refusalMessage(rate: Double, supported: [Double]) -> String {
    let list = supported.sorted().map { "\($0)" }.joined(separator: ", ")
    return "rate \(rate) is not one of the supported playback rates: \(list)"
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
