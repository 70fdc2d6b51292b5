/// Why the hub refused a client's message: an `error` message of the bridge protocol.
///
/// Each has a stable ``Code`` a client switches on and a message that names the message type,
/// the member and the value that were wrong. A refused message changes nothing; only a
/// ``Code/isFatal`` error closes the connection.
struct ProtocolError: Error, Sendable, Hashable {
  /// What was wrong, as the `code` member of the `error` message.
  enum Code: String, Sendable, Hashable, CaseIterable {
    case malformedMessage = "malformed-message"
    case binaryNotSupported = "binary-not-supported"
    case unknownType = "unknown-type"
    case unknownField = "unknown-field"
    case missingField = "missing-field"
    case invalidField = "invalid-field"
    case helloRequired = "hello-required"
    case alreadyGreeted = "already-greeted"
    case unsupportedVersion = "unsupported-version"
    case unauthorized = "unauthorized"
    case originNotAllowed = "origin-not-allowed"
    case unknownPlayer = "unknown-player"
    case playerExists = "player-exists"
    case tooManyPlayers = "too-many-players"
    case reservedAppID = "reserved-app-id"
    case busUnavailable = "bus-unavailable"
    case unknownAction = "unknown-action"
    case invalidPositionState = "invalid-position-state"
    case metadataTooLarge = "metadata-too-large"
    case artworkTooLarge = "artwork-too-large"
    case artworkUnavailable = "artwork-unavailable"
    case rateLimited = "rate-limited"
    case messageTooLarge = "message-too-large"

    /// Whether the hub closes the connection after sending this error.
    var isFatal: Bool {
      switch self {
      case .unsupportedVersion, .unauthorized, .originNotAllowed, .messageTooLarge: true
      case .malformedMessage, .binaryNotSupported, .unknownType, .unknownField, .missingField,
        .invalidField, .helloRequired, .alreadyGreeted, .unknownPlayer, .playerExists,
        .tooManyPlayers, .reservedAppID, .busUnavailable, .unknownAction, .invalidPositionState,
        .metadataTooLarge, .artworkTooLarge, .artworkUnavailable, .rateLimited:
        false
      }
    }
  }

  /// What was wrong.
  var code: Code
  /// What was wrong, in words a developer can act on.
  var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }
}

extension ProtocolError {
  /// Whether two errors have the same code; the messages are for people and do not count.
  static func == (lhs: ProtocolError, rhs: ProtocolError) -> Bool { lhs.code == rhs.code }

  /// Hashes the code only, as `==` compares it.
  func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
