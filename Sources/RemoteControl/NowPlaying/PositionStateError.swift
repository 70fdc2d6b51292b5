/// Why a position state was refused.
///
/// The corresponding web API throws a `TypeError` from `MediaSession.setPositionState()`.
public struct PositionStateError: CodedError {
  /// What was wrong, as a value to switch on.
  public struct Code: Sendable, Hashable {
    let rawValue: UInt8
    /// The duration was negative.
    public static let invalidDuration = Code(rawValue: 1)
    /// The position was negative or past the duration.
    public static let invalidPosition = Code(rawValue: 2)
    /// The rate was 0 or NaN.
    public static let invalidPlaybackRate = Code(rawValue: 3)
  }

  /// What was wrong.
  public var code: Code
  /// What was wrong, in words.
  public var message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// "invalid position state: " and the message.
  public var description: String { "invalid position state: \(message)" }
}
