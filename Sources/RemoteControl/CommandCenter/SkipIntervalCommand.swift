/// A command that jumps by an interval, with the intervals the app prefers.
///
/// The corresponding MediaPlayer class is `MPSkipIntervalCommand`.
@MainActor
public final class SkipIntervalCommand: RemoteCommand {
  /// The intervals controllers should offer, such as 15 seconds. Default: 15 seconds.
  public var preferredIntervals: [Duration] = [.seconds(15)] {
    didSet { if oldValue != preferredIntervals { didChange() } }
  }
}
