/// The command that rates the current item, with the range of ratings.
///
/// The corresponding MediaPlayer class is `MPRatingCommand`. Its range is also the scale of
/// ``NowPlayingInfo/rating``: a rating a controller sends and the rating the info shows agree.
@MainActor
public final class RatingCommand: RemoteCommand {
  /// The lowest rating. Default: 0.
  public var minimumRating: Double = 0 {
    didSet { if oldValue != minimumRating { didChange() } }
  }
  /// The highest rating. Default: 5.
  public var maximumRating: Double = 5 {
    didSet { if oldValue != maximumRating { didChange() } }
  }

  /// Adds a target that receives the rating given; it runs for each event of this command, after
  /// those added before it.
  ///
  /// The corresponding payload is MediaPlayer's `MPRatingCommandEvent.rating`.
  ///
  /// The typed twin of ``RemoteCommand/addTarget(handler:)``: the command center has already
  /// routed the event here, so the handler gets its payload without matching the event again.
  /// Give the closure's parameter type when its body does not tell which overload you mean.
  /// - Returns: A token for ``RemoteCommand/removeTarget(_:)``.
  @_disfavoredOverload
  @discardableResult
  public func addTarget(
    handler: @escaping @MainActor (_ rating: Double) -> RemoteCommandHandlerStatus
  ) -> ObservationToken {
    addTarget { event in
      guard case .changeRating(let rating) = event.command else { return .commandFailed }
      return handler(rating)
    }
  }
}
