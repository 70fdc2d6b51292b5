import HubSupport

/// A JSON value with its object keys kept in order, as the API sends it.
///
/// Encoding is written out rather than left to `JSONEncoder`: messages keep their keys in the
/// documented order (`"type"` first), integral numbers stay `1.0` and not-finite ones `null`, and
/// a message is built once and its bytes sent to every client. Reading is Foundation's
/// `JSONDecoder` (the `Decodable` conformance), which gives objects' keys sorted.
enum JSON: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, such as milliseconds since the epoch.
  case integer(Int64)
  /// A number; not finite ones are written as `null`.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSON])
  /// An object, its keys in order.
  case object([(String, JSON)])

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.integer, _), (.number, _), (.string, _), (.array, _), (.object, _): false
    }
  }

  /// The value of `key` in an object; `nil` for a missing key or another value.
  subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// A string's text.
  var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// A number (an integer too) as a `Double`.
  var doubleValue: Double? {
    switch self {
    case .number(let value): value
    case .integer(let value): Double(value)
    case .null, .bool, .string, .array, .object: nil
    }
  }

  /// A Boolean.
  var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// A string or `null` from an optional string.
  static func string(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
  /// A number or `null` from an optional number.
  static func number(_ value: Double?) -> JSON { value.map(JSON.number) ?? .null }
  /// A Boolean or `null` from an optional Boolean.
  static func bool(_ value: Bool?) -> JSON { value.map(JSON.bool) ?? .null }

  // MARK: - Writing

  /// The compact JSON text.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      guard value.isFinite else {
        output += "null"
        return
      }
      if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
        output += ".0"
      } else {
        output += "\(value)"
      }
    case .string(let text): JSONString.write(text, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        JSONString.write(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

}
