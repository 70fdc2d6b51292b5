package import HTTPTypes
import HubSupport
package import RemoteControlMPRIS

/// Why the web remote refused a request or a command: a code for programs, a message for
/// people, and the player's own D-Bus error when the player refused.
package struct APIError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure, as the API's `error.code` names it.
  package enum Code: String, Sendable, Hashable, CaseIterable {
    /// Malformed JSON, or a missing or mistyped field.
    case badRequest = "bad-request"
    /// A value outside its range.
    case outOfRange = "out-of-range"
    /// No signature or bearer, an unknown or revoked device, or a wrong, stale or replayed signature.
    case unauthorized
    /// A pairing code unknown, expired or already used.
    case invalidCode = "invalid-code"
    /// An `Origin` other than the page's own.
    case forbiddenOrigin = "forbidden-origin"
    /// No such player.
    case unknownPlayer = "unknown-player"
    /// A command not in the allowlist.
    case unknownCommand = "unknown-command"
    /// Any other missing thing: a path, a player's artwork.
    case notFound = "not-found"
    /// The player does not offer the command now.
    case notOffered = "not-offered"
    /// A body or frame over the limit.
    case tooLarge = "too-large"
    /// A `Host` header that names no listener.
    case misdirectedHost = "misdirected-host"
    /// Too many attempts or messages.
    case rateLimited = "rate-limited"
    /// The player answered with a D-Bus error.
    case playerError = "player-error"
    /// The player did not answer in time.
    case playerTimeout = "player-timeout"
    /// The hub cannot do it now (its own failure).
    case unavailable

    /// The HTTP status the code is answered with.
    package var status: HTTPResponse.Status {
      switch self {
      case .badRequest, .outOfRange: .badRequest
      case .unauthorized: .unauthorized
      case .invalidCode, .forbiddenOrigin: .forbidden
      case .unknownPlayer, .unknownCommand, .notFound: .notFound
      case .notOffered: .conflict
      case .tooLarge: .contentTooLarge
      case .misdirectedHost: .misdirectedRequest
      case .rateLimited: .tooManyRequests
      case .playerError: .badGateway
      case .playerTimeout: .gatewayTimeout
      case .unavailable: .serviceUnavailable
      }
    }
  }

  /// What kind of failure.
  package var code: Code
  /// What went wrong, in words a person can act on.
  package var message: String
  /// The player's D-Bus error, when the player refused.
  package var playerError: ClientError?
  /// For ``Code/rateLimited``: when to try again, in whole seconds.
  package var retryAfter: Int?

  /// Creates an error.
  package init(_ code: Code, _ message: String, playerError: ClientError? = nil, retryAfter: Int? = nil) {
    self.code = code
    self.message = message
    self.playerError = playerError
    self.retryAfter = retryAfter
  }

  /// The message.
  package var description: String { message }

  /// `{"code": …, "message": …, "player": {"name": …, "message": …}}`.
  var json: JSONValue {
    var members: [(String, JSONValue)] = [("code", .string(code.rawValue)), ("message", .string(message))]
    if let playerError {
      members.append(
        ("player", .object([("name", .string(playerError.name)), ("message", .string(playerError.message))])))
    }
    return .object(members)
  }

  /// The whole answer: `{"ok": false, "error": …}`.
  var answer: JSONValue { .object([("ok", .bool(false)), ("error", json)]) }
}

extension APIError {
  /// Whether two errors have the same ``code``; the messages, which may change from one release
  /// to the next, are for people and do not count.
  package static func == (lhs: APIError, rhs: APIError) -> Bool { lhs.code == rhs.code }

  /// Hashes the ``code`` only, as ``==(_:_:)`` compares it.
  package func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
