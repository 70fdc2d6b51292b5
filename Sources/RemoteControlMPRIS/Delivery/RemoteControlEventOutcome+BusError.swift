import DBus
import RemoteControl

extension RemoteControlEventOutcome {
  /// The D-Bus error a caller gets for this outcome of `command`; `nil` for a success (a
  /// handler's ``RemoteCommandHandlerStatus/success``, or a responder that handled it).
  ///
  /// Every other outcome is `org.freedesktop.DBus.Error.Failed`, with a message naming the
  /// command and what happened to it.
  func busError(for command: RemoteControlEvent.Command) -> BusError? {
    let name = RemoteCommandKind(command)
    switch self {
    case .commandCenter(.success), .responder:
      return nil
    case .commandCenter(let status):
      return .failed("the \(name) command's handler answered \(status)")
    case .unhandled:
      return .failed("nothing in the player handled the \(name) command")
    case .notReceiving:
      return .failed("the player is not receiving remote control events, so \(name) was not delivered")
    }
  }
}
