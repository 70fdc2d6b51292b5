/// Why watching the sound server, or reading or setting a stream's volume, failed.
package struct SoundServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Code: Sendable, Hashable {
    /// No server answered.
    case unavailable
    /// The connection broke (the server stopped).
    case disconnected
    /// None of the streams asked for is on the server any more (they ended).
    case noSuchStream
    /// The server refused the request (libpulse's error says why), or did not answer in time.
    case refused
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
