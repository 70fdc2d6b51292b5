package import HubSupport

/// A D-Bus value with its type code, as python3-dbus received it.
package struct TypedValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  /// The D-Bus signature, such as `x` or `as`.
  package var type: String
  /// The value: a dictionary's entries are typed values in turn (see ``members``).
  package var value: JSONValue

  /// A value of D-Bus type `type`.
  package init(type: String, value: JSONValue) {
    self.type = type
    self.value = value
  }

  /// The typed entries of a dictionary (`a{sv}`), by key; `nil` for another value.
  package var members: [String: TypedValue]? {
    value.objectValue?.compactMapValues { entry in
      entry["type"]?.stringValue.map { TypedValue(type: $0, value: entry["value"] ?? .null) }
    }
  }

  /// The strings of an array (`as`); `nil` for another value.
  package var strings: [String]? { value.arrayValue?.compactMap(\.stringValue) }

  package var description: String { "\(value) as \(type)" }
}
