/// The command that rates the current item, with the range of ratings.
///
/// The corresponding MediaPlayer class is `MPRatingCommand`.
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
}
