public import RemoteControl

/// A remote control that sends events straight to an application, as a D-Bus controller, a
/// keyboard or a web remote would, without a bus: the way to test an app's handling of remote
/// control events.
///
/// ```swift
/// let controller = InMemoryController(application, source: .mpris(sender: ":1.7"))
/// #expect(await controller.press(.play) == .commandCenter(.success))
/// ```
@MainActor
public struct InMemoryController {
  /// The application events go to.
  public let application: Application
  /// The source events say they came from.
  public var source: RemoteControlEvent.Source

  /// Creates a controller for an application.
  public init(_ application: Application, source: RemoteControlEvent.Source = .test) {
    self.application = application
    self.source = source
  }

  /// Sends one command, timestamped now.
  ///
  /// - Returns: What became of the event.
  @discardableResult
  public func press(_ command: RemoteControlEvent.Command) async -> RemoteControlEventOutcome {
    await application.send(RemoteControlEvent(command, source: source))
  }

  /// Sends the begin-seeking event of a held button: `.beginSeekingForward` or `.beginSeekingBackward`.
  @discardableResult
  public func beginHolding(_ direction: ContinuousSeek.Direction) async -> RemoteControlEventOutcome {
    await press(direction == .forward ? .beginSeekingForward : .beginSeekingBackward)
  }

  /// Sends the end-seeking event of a released button.
  @discardableResult
  public func release(_ direction: ContinuousSeek.Direction) async -> RemoteControlEventOutcome {
    await press(direction == .forward ? .endSeekingForward : .endSeekingBackward)
  }
}
