package import DBus

/// The D-Bus error names a player answers a method call or property write with, when the
/// application did not carry the command out: one per handler status, and one each for an app
/// that is not receiving events and for an event nothing handled.
///
/// They live under the extension interface's name, `io.github.swift_remote_control.RemoteControl1`,
/// so that a controller can tell them apart without reading the message; the message says the
/// same in words, and carries the handler's own message when it gave one.
package enum CommandErrorName {
  /// The names' common prefix.
  package static let prefix = "io.github.swift_remote_control.RemoteControl1.Error."

  /// A handler answered `noSuchContent`: what the command asks for does not exist.
  package static let noSuchContent = BusError.Name(rawValue: prefix + "NoSuchContent")
  /// A handler answered `noActionableNowPlayingItem`: nothing is playing to act on.
  package static let noActionableNowPlayingItem = BusError.Name(
    rawValue: prefix + "NoActionableNowPlayingItem")
  /// A handler answered `deviceNotFound`: the device the command needs is not there.
  package static let deviceNotFound = BusError.Name(rawValue: prefix + "DeviceNotFound")
  /// A handler answered `commandFailed`: the command could not be carried out.
  package static let commandFailed = BusError.Name(rawValue: prefix + "CommandFailed")
  /// The application is not receiving remote control events, so the command was not delivered.
  package static let notReceiving = BusError.Name(rawValue: prefix + "NotReceiving")
  /// No command target and no responder handled the command.
  package static let unhandled = BusError.Name(rawValue: prefix + "Unhandled")
}
