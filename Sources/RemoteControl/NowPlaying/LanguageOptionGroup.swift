/// A set of language options of which the user picks one (or, when allowed, none): the audio
/// tracks of an item, say, or its subtitles.
///
/// The corresponding MediaPlayer class is `MPNowPlayingInfoLanguageOptionGroup`; the groups of
/// the current item are ``NowPlayingInfo/availableLanguageOptions``.
public struct LanguageOptionGroup: Sendable, Hashable {
  /// The options of the group, in the order to show them.
  public var languageOptions: [LanguageOption]
  /// The option in effect when the user chose none, if any.
  public var defaultLanguageOption: LanguageOption?
  /// Whether the user may turn every option of the group off.
  public var allowEmptySelection: Bool

  /// Creates a group.
  ///
  /// The corresponding MediaPlayer initializer is
  /// `MPNowPlayingInfoLanguageOptionGroup(languageOptions:defaultLanguageOption:allowEmptySelection:)`.
  public init(
    languageOptions: [LanguageOption], defaultLanguageOption: LanguageOption? = nil,
    allowEmptySelection: Bool = false
  ) {
    self.languageOptions = languageOptions
    self.defaultLanguageOption = defaultLanguageOption
    self.allowEmptySelection = allowEmptySelection
  }
}
