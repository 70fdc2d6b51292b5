/// A D-Bus value with its type code, as python3-dbus received it.
package struct TypedValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  /// The D-Bus signature, such as `x` or `as`.
  package var type: String
  /// The value.
  package var value: JSONValue

  /// A value of D-Bus type `type`.
  package init(type: String, value: JSONValue) {
    self.type = type
    self.value = value
  }

  package var description: String { "\(value) as \(type)" }
}
