import DBus
import RemoteControl
import RemoteControlBackend

/// Delivers the events MPRIS calls ask for to the application, on the main actor (through the
/// backends' ``EventSender``), and answers the calls once their outcome is known.
struct EventDispatcher: Sendable {
  /// Where events go.
  let sender: EventSender

  /// Sends `command` from the caller of `call`, then answers the call: an empty reply for a
  /// success, otherwise the D-Bus error of the outcome
  /// (``RemoteControlEventOutcome/busError(for:)``).
  func deliver(_ command: RemoteControlEvent.Command, answering call: MethodCall) {
    let event = RemoteControlEvent(command, source: .mpris(sender: call.sender?.rawValue ?? ""))
    sender.send(event) { outcome in
      if let error = outcome.busError(for: command) {
        call.fail(error)
      } else {
        call.reply()
      }
    }
  }

  /// Sends the command `checked` holds and answers `call` as the `deliver(_:answering:)` of a command
  /// does, or fails `call` with the error it holds; `nil` (a call that the spec says has no
  /// effect) is answered at once.
  func deliver(_ checked: Result<RemoteControlEvent.Command, BusError>?, answering call: MethodCall) {
    switch checked {
    case nil: call.reply()
    case .failure(let error): call.fail(error)
    case .success(let command): deliver(command, answering: call)
    }
  }

  /// Sends `command` from `sender` without waiting for its outcome: for property writes that
  /// sd-bus answers as soon as the setter returns.
  func deliver(_ command: RemoteControlEvent.Command, from sender: String) {
    self.sender.send(RemoteControlEvent(command, source: .mpris(sender: sender)))
  }

  /// Sends `command` from `sender`, then calls `answer` with the D-Bus error of its outcome
  /// (`nil` for a success): for property writes answered once the app has handled them.
  func deliver(
    _ command: RemoteControlEvent.Command, from sender: String,
    then answer: @escaping @MainActor @Sendable (BusError?) -> Void
  ) {
    self.sender.send(RemoteControlEvent(command, source: .mpris(sender: sender))) { outcome in
      answer(outcome.busError(for: command))
    }
  }
}
