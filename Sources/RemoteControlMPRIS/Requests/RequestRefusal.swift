/// Why a value a client sent was refused; answered as `org.freedesktop.DBus.Error.InvalidArgs`.
struct RequestRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, naming the value and what is allowed.
  var message: String

  init(_ message: String) { self.message = message }

  /// The message.
  var description: String { message }
}
