import DBus
import RemoteControl

/// Delivers the events MPRIS calls ask for to the application, on the main actor, and answers
/// the calls once their outcome is known.
///
/// The bus thread only starts a task and returns: it never waits for the main actor, so a
/// handler that takes long (or never returns) delays only its own call's answer.
struct EventDispatcher: Sendable {
  /// Where events go.
  let application: Application

  /// Sends `command` from the caller of `call`, then answers the call: an empty reply for a
  /// success, `org.freedesktop.DBus.Error.Failed` otherwise.
  func deliver(_ command: RemoteControlEvent.Command, answering call: MethodCall) {
    let event = RemoteControlEvent(command, source: .mpris(sender: call.sender?.rawValue ?? ""))
    let application = application
    Task { @MainActor in
      let outcome = await application.send(event)
      if let error = outcome.busError(for: command) {
        call.fail(error)
      } else {
        call.reply()
      }
    }
  }

  /// Sends `command` from `sender` without waiting for its outcome: for property writes, which
  /// sd-bus answers as soon as the setter returns.
  func deliver(_ command: RemoteControlEvent.Command, from sender: String) {
    let event = RemoteControlEvent(command, source: .mpris(sender: sender))
    let application = application
    Task { @MainActor in await application.send(event) }
  }
}
