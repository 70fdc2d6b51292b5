import DBus
import RemoteControl

extension RemoteControlEventOutcome {
  /// The D-Bus error a caller gets for this outcome of `command`; `nil` for a success (a
  /// handler's ``RemoteCommandHandlerStatus/success``, or a responder that handled it).
  ///
  /// Each other outcome has its own name (``CommandErrorName``); the message names the command
  /// and what happened to it, followed by the handler's message when it gave one.
  func busError(for command: RemoteControlEvent.Command) -> BusError? {
    let name = RemoteCommandKind(command)
    switch self {
    case .responder:
      return nil
    case .commandCenter(let status):
      let errorName: BusError.Name
      switch status.code {
      case .success: return nil
      case .noSuchContent: errorName = CommandErrorName.noSuchContent
      case .noActionableNowPlayingItem: errorName = CommandErrorName.noActionableNowPlayingItem
      case .deviceNotFound: errorName = CommandErrorName.deviceNotFound
      case .commandFailed: errorName = CommandErrorName.commandFailed
      }
      let reason = status.message.map { ": \($0)" } ?? ""
      return BusError(errorName, "the \(name) command's handler answered \(status.code)\(reason)")
    case .unhandled:
      return BusError(CommandErrorName.unhandled, "nothing in the player handled the \(name) command")
    case .notReceiving:
      return BusError(
        CommandErrorName.notReceiving,
        "the player is not receiving remote control events, so \(name) was not delivered")
    }
  }
}
