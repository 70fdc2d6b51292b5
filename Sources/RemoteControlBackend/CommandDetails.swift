package import RemoteControl

/// What a command center says about its commands beyond whether they are enabled: the feedback
/// commands' state and titles, the rating range, the skip intervals and the supported rates.
///
/// MPRIS has no place for these; a backend publishes them on its own terms (the MPRIS backend
/// on its extension interface). Copied with ``CommandState`` each time the command center
/// changes, so a backend reads them from any thread.
package struct CommandDetails: Sendable, Hashable {
  /// A feedback command's settings: ``FeedbackCommand/isActive`` and its titles.
  package struct Feedback: Sendable, Hashable {
    /// ``FeedbackCommand/isActive``.
    package var isActive: Bool
    /// ``FeedbackCommand/localizedTitle``.
    package var localizedTitle: String
    /// ``FeedbackCommand/localizedShortTitle``.
    package var localizedShortTitle: String

    /// A copy of `command`'s settings now.
    @MainActor
    package init(_ command: FeedbackCommand) {
      isActive = command.isActive
      localizedTitle = command.localizedTitle
      localizedShortTitle = command.localizedShortTitle
    }
  }

  /// ``RemoteCommandCenter/likeCommand``.
  package var like: Feedback
  /// ``RemoteCommandCenter/dislikeCommand``.
  package var dislike: Feedback
  /// ``RemoteCommandCenter/bookmarkCommand``.
  package var bookmark: Feedback
  /// ``RatingCommand/minimumRating``.
  package var minimumRating: Double
  /// ``RatingCommand/maximumRating``.
  package var maximumRating: Double
  /// The ``SkipIntervalCommand/preferredIntervals`` of ``RemoteCommandCenter/skipForwardCommand``.
  package var skipForwardIntervals: [Duration]
  /// The ``SkipIntervalCommand/preferredIntervals`` of ``RemoteCommandCenter/skipBackwardCommand``.
  package var skipBackwardIntervals: [Duration]
  /// ``ChangePlaybackRateCommand/supportedPlaybackRates``.
  package var supportedPlaybackRates: [Double]

  /// A copy of the command center's details now.
  @MainActor
  package init(_ center: RemoteCommandCenter) {
    like = Feedback(center.likeCommand)
    dislike = Feedback(center.dislikeCommand)
    bookmark = Feedback(center.bookmarkCommand)
    minimumRating = center.ratingCommand.minimumRating
    maximumRating = center.ratingCommand.maximumRating
    skipForwardIntervals = center.skipForwardCommand.preferredIntervals
    skipBackwardIntervals = center.skipBackwardCommand.preferredIntervals
    supportedPlaybackRates = center.changePlaybackRateCommand.supportedPlaybackRates
  }
}
