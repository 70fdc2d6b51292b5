/// An error with a code to switch on and a message for people, as every error of this package is.
///
/// Two such errors are equal, and hash alike, when their codes are: the message is for people, and
/// its wording may change. An error describes itself by its message.
public protocol CodedError: Error, Hashable, CustomStringConvertible, Sendable {
  /// The kind of failure, a value to switch on.
  associatedtype Code: Hashable & Sendable
  /// What failed.
  var code: Code { get }
  /// What failed and why, in words.
  var message: String { get }
}

extension CodedError {
  /// The message.
  public var description: String { message }

  /// Whether the two errors have the same code.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

  /// Hashes the code.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
