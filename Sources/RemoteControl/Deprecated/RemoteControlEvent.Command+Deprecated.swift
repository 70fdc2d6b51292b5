extension RemoteControlEvent.Command {
  /// Give the current item a rating.
  ///
  /// Renamed ``changeRating(_:)``: its payload is a rating (MediaPlayer's `MPRatingCommand`),
  /// not a playback rate. Matching it in a `switch` needs the new name.
  @available(*, deprecated, renamed: "changeRating(_:)")
  public static func rate(_ rating: Double) -> Self { .changeRating(rating) }
}
