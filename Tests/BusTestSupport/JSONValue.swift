/// A JSON value.
package enum JSONValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: TypedValue])

  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: TypedValue].self))
    }
  }

  /// The string, if this is one.
  package var string: String? { if case .string(let value) = self { value } else { nil } }
  /// The number, if this is one.
  package var number: Double? { if case .number(let value) = self { value } else { nil } }
  /// The Boolean, if this is one.
  package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  /// The strings of an array, if this is one.
  package var strings: [String]? {
    if case .array(let values) = self { values.compactMap(\.string) } else { nil }
  }
  /// The typed members of an object, if this is one.
  package var object: [String: TypedValue]? { if case .object(let value) = self { value } else { nil } }

  package var description: String {
    switch self {
    case .bool(let value): "\(value)"
    case .number(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .array(let values): "\(values)"
    case .object(let value): "\(value)"
    }
  }
}
