internal import ArgumentParser

/// A verb of the extension interface `io.github.swift_remote_control.RemoteControl1`: what
/// Apple's model has and MPRIS cannot carry. It is called at the player's
/// `/org/mpris/MediaPlayer2/RemoteControl`, a child of the MPRIS object (`RemotePlayer` picks
/// the path).
protocol ExtensionVerb: AsyncParsableCommand {
  /// The global options, accepted after the verb as well as before it.
  var options: GlobalOptions { get }
  /// What the verb asks, its arguments checked.
  func makeAction() throws(ControlError) -> ExtensionAction
}

extension ExtensionVerb {
  /// Runs the verb against the session bus's players.
  mutating func run() async throws {
    try await ExtensionController.run(makeAction(), options: options)
  }
}

/// `like [--undo]`: `Like`, skipped when `CanLike` is false.
struct LikeVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "like", abstract: "Like the current track (MPFeedbackCommand: likeCommand)")
  @OptionGroup var options: GlobalOptions
  @Flag(help: "Take the like back") var undo = false
  func makeAction() -> ExtensionAction { .like(undo: undo) }
}

/// `dislike [--undo]`: `Dislike`, skipped when `CanDislike` is false.
struct DislikeVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "dislike", abstract: "Dislike the current track (MPFeedbackCommand: dislikeCommand)")
  @OptionGroup var options: GlobalOptions
  @Flag(help: "Take the dislike back") var undo = false
  func makeAction() -> ExtensionAction { .dislike(undo: undo) }
}

/// `bookmark [--undo]`: `Bookmark`, skipped when `CanBookmark` is false.
struct BookmarkVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "bookmark", abstract: "Bookmark the current track (MPFeedbackCommand: bookmarkCommand)")
  @OptionGroup var options: GlobalOptions
  @Flag(help: "Remove the bookmark") var undo = false
  func makeAction() -> ExtensionAction { .bookmark(undo: undo) }
}

/// `rate N`: `Rate`, skipped when `CanRate` is false; the player refuses a rating outside its
/// `MinimumRating`…`MaximumRating`.
struct RateVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "rate", abstract: "Rate the current track, between the player's minimum and maximum rating")
  @OptionGroup var options: GlobalOptions
  @Argument(help: "The rating, such as 4") var rating: String
  func makeAction() throws(ControlError) -> ExtensionAction {
    guard let value = Double(rating), value.isFinite else {
      throw .couldNotExecute("rating must be a number, not \"\(rating)\"")
    }
    return .rate(value)
  }
}

/// `skip-forward`: `SkipForward` by the player's preferred interval.
struct SkipForwardVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "skip-forward", abstract: "Skip forward by the player's preferred interval")
  @OptionGroup var options: GlobalOptions
  func makeAction() -> ExtensionAction { .skipForward }
}

/// `skip-backward`: `SkipBackward` by the player's preferred interval.
struct SkipBackwardVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "skip-backward", abstract: "Skip backward by the player's preferred interval")
  @OptionGroup var options: GlobalOptions
  func makeAction() -> ExtensionAction { .skipBackward }
}

/// `languages`: the current track's language options, `*` before those in effect.
struct LanguagesVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "languages",
    abstract:
      "List the current track's language options: identifier, kind, language tag, name; * marks those on")
  @OptionGroup var options: GlobalOptions
  func makeAction() -> ExtensionAction { .languages }
}

/// `language ID [--off]`: `EnableLanguageOption` (or `DisableLanguageOption`).
struct LanguageVerb: ExtensionVerb {
  static let configuration = CommandConfiguration(
    commandName: "language", abstract: "Turn a language option of the current track on (or off with --off)")
  @OptionGroup var options: GlobalOptions
  @Argument(help: "The option's identifier, as `languages` lists it") var identifier: String
  @Flag(help: "Turn the option off") var off = false
  func makeAction() -> ExtensionAction { .language(identifier, off: off) }
}
