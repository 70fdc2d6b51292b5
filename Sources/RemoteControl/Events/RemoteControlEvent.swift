/// A request from outside the app to control its media: play, pause, next track, seek…
///
/// The corresponding UIKit type is `UIEvent` of type `.remoteControl`; the payload-carrying
/// commands correspond to MediaPlayer's `MPRemoteCommandEvent` subclasses. Every event says
/// what was asked (``command``), who asked (``source``) and when (``timestamp``).
public struct RemoteControlEvent: Sendable, Hashable {
  /// What was asked.
  public var command: Command
  /// Who asked: a D-Bus caller, the command line, a web remote, the keyboard, a test.
  public var source: Source
  /// When the request was made, on the continuous (monotonic) clock.
  ///
  /// The corresponding UIKit property is `UIEvent.timestamp`.
  public var timestamp: ContinuousClock.Instant

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - command: What was asked.
  ///   - source: Who asked; `.application` when omitted.
  ///   - timestamp: When; now when omitted.
  public init(
    _ command: Command,
    source: Source = .application,
    timestamp: ContinuousClock.Instant = .now
  ) {
    self.command = command
    self.source = source
    self.timestamp = timestamp
  }

  /// The UIKit remote-control subtype of this event, for the ten commands UIKit has one for;
  /// `nil` for commands only MediaPlayer's command center or MPRIS know.
  ///
  /// The corresponding UIKit property is `UIEvent.subtype`.
  public var subtype: Subtype? { Subtype(command) }
}
