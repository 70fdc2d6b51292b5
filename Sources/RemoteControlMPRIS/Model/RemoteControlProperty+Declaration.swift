import DBus

extension RemoteControlProperty: MediaPlayerProperty {
  /// `io.github.swift_remote_control.RemoteControl1`.
  package static var interface: MediaPlayerInterface { .remoteControl }

  /// The extension interface's declaration: every property read-only, every one announced but
  /// `HandlerStatuses`.
  package var declaration: PropertyDeclaration {
    switch self {
    case .canLike, .likeActive, .canDislike, .dislikeActive, .canBookmark, .bookmarkActive, .canRate,
      .canSkipForward, .canSkipBackward, .canEnableLanguageOption, .canDisableLanguageOption:
      PropertyDeclaration(self, "b")
    case .likeTitle, .likeShortTitle, .dislikeTitle, .dislikeShortTitle, .bookmarkTitle,
      .bookmarkShortTitle:
      PropertyDeclaration(self, "s")
    case .minimumRating, .maximumRating: PropertyDeclaration(self, "d")
    case .skipForwardIntervals, .skipBackwardIntervals: PropertyDeclaration(self, "ax")
    case .supportedPlaybackRates: PropertyDeclaration(self, "ad")
    case .availableLanguageOptions: PropertyDeclaration(self, "a(ssss)")
    case .languageOptionGroups: PropertyDeclaration(self, "a(asbs)")
    case .currentLanguageOptions: PropertyDeclaration(self, "as")
    case .handlerStatuses: PropertyDeclaration(self, "a{ss}", change: .none)
    }
  }
}
