public import RemoteControl

/// A responder that records every event it is offered, for tests of an app's responder chain.
///
/// It handles the commands you list and passes the others on to `Responder.next`.
@MainActor
public final class RecordingResponder: Responder {
  /// Every event offered to this responder, handled or not, in order.
  public private(set) var receivedEvents: [RemoteControlEvent] = []
  /// The commands this responder handles (ends the walk for); others pass on.
  public var handledCommands: Set<RemoteCommandKind>
  /// Whether it may become the first responder. Default: `true`.
  public var acceptsFirstResponder = true

  /// Creates a recording responder.
  ///
  /// - Parameters:
  ///   - handling: The commands it handles; every command when omitted.
  ///   - next: The next responder in the chain.
  public init(handling: Set<RemoteCommandKind> = Set(RemoteCommandKind.allCases), next: Responder? = nil) {
    self.handledCommands = handling
    super.init(next: next)
  }

  /// Whether it may become the first responder: ``acceptsFirstResponder``.
  public override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

  /// Records the event; handles it when its command is in ``handledCommands``.
  public override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    receivedEvents.append(event)
    return handledCommands.contains(RemoteCommandKind(event.command))
  }

  /// The commands of the recorded events, in order.
  public var receivedCommands: [RemoteControlEvent.Command] { receivedEvents.map(\.command) }

  /// Forgets the recorded events.
  public func reset() { receivedEvents.removeAll() }
}
