/// A delivered remote control event and what became of it, as observers see it.
public struct EventDelivery: Sendable, Equatable {
  /// The event.
  public var event: RemoteControlEvent
  /// What became of it.
  public var outcome: RemoteControlEventOutcome

  /// Creates a delivery record.
  public init(event: RemoteControlEvent, outcome: RemoteControlEventOutcome) {
    self.event = event
    self.outcome = outcome
  }
}
