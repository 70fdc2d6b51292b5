package import RemoteControl

/// What became of the last event of a command, as a backend reports it: the status its targets
/// answered (``RemoteCommandHandlerStatus``), or why no target answered.
///
/// A responder that handled the event counts as ``RemoteCommandHandlerStatus/success``: the
/// responder chain has no statuses of its own.
package enum CommandOutcome: Sendable, Hashable {
  /// The command's targets answered this status (or a responder handled it: success).
  case status(RemoteCommandHandlerStatus)
  /// Neither a target nor any responder handled it.
  case unhandled
  /// The application was not receiving remote control events.
  case notReceiving

  /// The outcome of a delivered event.
  package init(_ outcome: RemoteControlEventOutcome) {
    switch outcome {
    case .commandCenter(let status): self = .status(status)
    case .responder: self = .status(.success)
    case .unhandled: self = .unhandled
    case .notReceiving: self = .notReceiving
    }
  }
}
