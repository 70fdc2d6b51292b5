/// A failure remotectl reports as one line on standard error, with an exit code.
///
/// The messages are playerctl's where playerctl has one (`No players found`, `Could not execute
/// command: …`), so scripts written for playerctl read the same text.
struct ControlError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line printed on standard error.
  var message: String
  /// The process's exit code; playerctl exits 1 on every error.
  var exitCode: Int32

  /// An error with `message` and exit code 1.
  init(_ message: String, exitCode: Int32 = 1) {
    self.message = message
    self.exitCode = exitCode
  }

  var description: String { message }

  /// playerctl's `Could not execute command: …` wrapping.
  static func couldNotExecute(_ message: String) -> ControlError {
    ControlError("Could not execute command: \(message)")
  }

  /// No player matched the selection.
  static let noPlayers = ControlError("No players found")
  /// Players were selected, but none could do the command (its `Can*` property was false).
  static let noPlayerCouldHandle = ControlError("No player could handle this command")
  /// The bus went away while following: the session is over. playerctl is then ended by
  /// SIGTERM (GLib's exit-on-close), which shells report as 143; remotectl exits with 143.
  static let busLost = ControlError("", exitCode: 128 + 15)
}
