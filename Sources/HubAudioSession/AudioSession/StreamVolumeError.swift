import DBus
import HubAPI
import HubCore

/// Why the hub cannot read or set a player's stream volume.
struct StreamVolumeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  enum Code: String, Sendable, Hashable {
    /// No player has the bus name asked for.
    case unknownPlayer = "UnknownPlayer"
    /// The player has no stream of its own on the sound server now.
    case noStream = "NoStream"
    /// The sound server did not answer, or refused.
    case soundServer = "SoundServer"
  }

  /// What went wrong.
  package var code: Code
  /// What went wrong, in words a user can act on.
  package var description: String

  /// An error of `code` described by `description`.
  package init(_ code: Code, _ description: String) {
    self.code = code
    self.description = description
  }

  /// The D-Bus error a caller gets: `io.github.swift_remote_control.AudioSession1.Error.<Code>`.
  var busError: BusError {
    BusError(
      AudioSession1.errorName(code.rawValue), description)
  }

  /// Errors are equal by code.
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  /// Errors hash by code.
  func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
