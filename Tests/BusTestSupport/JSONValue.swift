/// A JSON value.
enum JSONValue: Sendable, Decodable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: TypedValue])

  init(from decoder: any Decoder) throws {
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

  var string: String? { if case .string(let value) = self { value } else { nil } }
  var number: Double? { if case .number(let value) = self { value } else { nil } }
  var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
  var strings: [String]? {
    if case .array(let values) = self { values.compactMap(\.string) } else { nil }
  }
  var object: [String: TypedValue]? { if case .object(let value) = self { value } else { nil } }

  var description: String {
    switch self {
    case .bool(let value): "\(value)"
    case .number(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .array(let values): "\(values)"
    case .object(let value): "\(value)"
    }
  }
}
