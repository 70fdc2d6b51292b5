/// What became of a remote control event.
public enum RemoteControlEventOutcome: Sendable {
  /// The app was not receiving remote control events, so nothing saw it.
  case notReceiving
  /// The command's targets in the command center ran; this is their status.
  case commandCenter(RemoteCommandHandlerStatus)
  /// This responder handled it.
  case responder(Responder)
  /// Neither a command target nor any responder handled it.
  case unhandled

  /// Whether the event was acted on successfully: a command status of success, or a responder.
  public var isSuccess: Bool {
    switch self {
    case .commandCenter(let status): status.isSuccess
    case .responder: true
    case .notReceiving, .unhandled: false
    }
  }
}

extension RemoteControlEventOutcome: Equatable {
  /// Outcomes are equal when they are the same case with the same status or the same
  /// responder object.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.notReceiving, .notReceiving), (.unhandled, .unhandled): true
    case (.commandCenter(let a), .commandCenter(let b)): a == b
    case (.responder(let a), .responder(let b)): a === b
    default: false
    }
  }
}
