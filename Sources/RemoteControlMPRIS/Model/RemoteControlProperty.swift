/// The properties of `io.github.swift_remote_control.RemoteControl1`, the extension interface
/// that carries what MPRIS cannot, by name.
///
/// The player declares each in the interface's property table; controllers read them by these
/// names. Each mirrors a MediaPlayer property, named in its documentation; the article
/// <doc:RemoteControlInterface> describes them all.
public enum RemoteControlProperty: String, Sendable, Hashable, CaseIterable {
  /// `CanLike` (`b`): the like command is offered: enabled (`MPFeedbackCommand.isEnabled`) and handled.
  case canLike = "CanLike"
  /// `LikeActive` (`b`): the current item is liked (`MPFeedbackCommand.isActive`).
  case likeActive = "LikeActive"
  /// `LikeTitle` (`s`): `MPFeedbackCommand.localizedTitle` of the like command.
  case likeTitle = "LikeTitle"
  /// `LikeShortTitle` (`s`): `MPFeedbackCommand.localizedShortTitle` of the like command.
  case likeShortTitle = "LikeShortTitle"
  /// `CanDislike` (`b`): the dislike command is offered: enabled and handled.
  case canDislike = "CanDislike"
  /// `DislikeActive` (`b`): the current item is disliked.
  case dislikeActive = "DislikeActive"
  /// `DislikeTitle` (`s`): the dislike command's localized title.
  case dislikeTitle = "DislikeTitle"
  /// `DislikeShortTitle` (`s`): the dislike command's localized short title.
  case dislikeShortTitle = "DislikeShortTitle"
  /// `CanBookmark` (`b`): the bookmark command is offered: enabled and handled.
  case canBookmark = "CanBookmark"
  /// `BookmarkActive` (`b`): the current item is bookmarked.
  case bookmarkActive = "BookmarkActive"
  /// `BookmarkTitle` (`s`): the bookmark command's localized title.
  case bookmarkTitle = "BookmarkTitle"
  /// `BookmarkShortTitle` (`s`): the bookmark command's localized short title.
  case bookmarkShortTitle = "BookmarkShortTitle"
  /// `CanRate` (`b`): the rating command is offered: enabled (`MPRatingCommand.isEnabled`) and handled.
  case canRate = "CanRate"
  /// `MinimumRating` (`d`): `MPRatingCommand.minimumRating`.
  case minimumRating = "MinimumRating"
  /// `MaximumRating` (`d`): `MPRatingCommand.maximumRating`.
  case maximumRating = "MaximumRating"
  /// `CanSkipForward` (`b`): the skip-forward command is offered: enabled and handled.
  case canSkipForward = "CanSkipForward"
  /// `SkipForwardIntervals` (`ax`, µs): `MPSkipIntervalCommand.preferredIntervals` of the
  /// skip-forward command.
  case skipForwardIntervals = "SkipForwardIntervals"
  /// `CanSkipBackward` (`b`): the skip-backward command is offered: enabled and handled.
  case canSkipBackward = "CanSkipBackward"
  /// `SkipBackwardIntervals` (`ax`, µs): the skip-backward command's preferred intervals.
  case skipBackwardIntervals = "SkipBackwardIntervals"
  /// `SupportedPlaybackRates` (`ad`): `MPChangePlaybackRateCommand.supportedPlaybackRates`.
  case supportedPlaybackRates = "SupportedPlaybackRates"
  /// `CanEnableLanguageOption` (`b`): the enable-language-option command is offered: enabled and handled.
  case canEnableLanguageOption = "CanEnableLanguageOption"
  /// `CanDisableLanguageOption` (`b`): the disable-language-option command is offered: enabled and handled.
  case canDisableLanguageOption = "CanDisableLanguageOption"
  /// `AvailableLanguageOptions` (`a(ssss)`: identifier, kind, language tag, display name): every
  /// option of `MPNowPlayingInfoPropertyAvailableLanguageOptions`, group after group.
  case availableLanguageOptions = "AvailableLanguageOptions"
  /// `LanguageOptionGroups` (`a(asbs)`: identifiers, allows an empty selection, default
  /// identifier or empty): the `MPNowPlayingInfoLanguageOptionGroup`s.
  case languageOptionGroups = "LanguageOptionGroups"
  /// `CurrentLanguageOptions` (`as`): the identifiers of
  /// `MPNowPlayingInfoPropertyCurrentLanguageOptions`.
  case currentLanguageOptions = "CurrentLanguageOptions"
  /// `HandlerStatuses` (`a{ss}`): for each command that received an event, what became of the
  /// last one: an `MPRemoteCommandHandlerStatus` name, `unhandled` or `notReceiving`. Read when
  /// wanted; its changes are not announced (`EmitsChangedSignal` is `false`).
  case handlerStatuses = "HandlerStatuses"
}
