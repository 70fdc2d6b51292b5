/// A like, dislike or bookmark command, with whether it is active for the current item.
///
/// The corresponding MediaPlayer class is `MPFeedbackCommand`.
@MainActor
public final class FeedbackCommand: RemoteCommand {
  /// Whether the feedback is given for the current item (the item is liked, say).
  public var isActive = false {
    didSet { if oldValue != isActive { didChange() } }
  }
  /// The title controllers show for the command.
  public var localizedTitle = "" {
    didSet { if oldValue != localizedTitle { didChange() } }
  }
  /// A shorter title, for small screens.
  public var localizedShortTitle = "" {
    didSet { if oldValue != localizedShortTitle { didChange() } }
  }
}
