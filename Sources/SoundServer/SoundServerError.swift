/// Why watching the sound server failed.
package struct SoundServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Code: Sendable, Hashable {
    /// No server answered.
    case unavailable
    /// The connection broke (the server stopped).
    case disconnected
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

  /// Errors are equal by code.
  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  /// Errors hash by code.
  package func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
