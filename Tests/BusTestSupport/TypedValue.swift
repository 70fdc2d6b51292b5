/// A D-Bus value with its type code, as python3-dbus received it.
struct TypedValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  /// The D-Bus signature, such as `x` or `as`.
  var type: String
  /// The value.
  var value: JSONValue

  var description: String { "\(value) as \(type)" }
}
