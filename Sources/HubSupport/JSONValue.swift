/// A JSON value, with its object members kept in order: what the hub's modules read from
/// requests and messages, and build and write as their answers.
///
/// Reading is strict (a number is never a Boolean, nor a Boolean a number), so that every member
/// can be checked for its type and named when it is wrong; an integer is read as ``integer(_:)``,
/// any other number as ``number(_:)``. Writing is ``text``: compact, members in the order given.
package enum JSONValue: Sendable, Hashable, CustomStringConvertible {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer, such as milliseconds since the epoch; written without a fraction.
  case integer(Int64)
  /// A number; written with a fraction when whole (`1.0`), as `null` when not finite.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in order.
  case object([(String, JSONValue)])

  // MARK: - Building

  /// A string, or `null` for `nil`.
  package static func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  /// A number, or `null` for `nil`.
  package static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
  /// A Boolean, or `null` for `nil`.
  package static func bool(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

  /// An object with its keys sorted, so that its text is the same every time.
  package static func object(_ members: [String: JSONValue]) -> JSONValue {
    .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// A number as JavaScript's `JSON.stringify` writes it: a whole one within JavaScript's safe
  /// integers (below 2^53) without a fraction, as ``integer(_:)``; any other as ``number(_:)``.
  package static func shortestNumber(_ value: Double) -> JSONValue {
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
      .integer(Int64(value))
    } else {
      .number(value)
    }
  }

  // MARK: - Reading

  /// The value of `key` in an object; `nil` for a missing key or another kind of value.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// A string's text.
  package var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// A number (an integer too) as a `Double`.
  package var doubleValue: Double? {
    switch self {
    case .number(let value): value
    case .integer(let value): Double(value)
    case .null, .bool, .string, .array, .object: nil
    }
  }

  /// A Boolean.
  package var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// An array's elements.
  package var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { elements } else { nil }
  }

  /// An object's members by key (of a key given twice, the last).
  package var objectValue: [String: JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return Dictionary(members, uniquingKeysWith: { _, last in last })
  }

  /// What kind of value this is, in the words of JSON, for error messages: "a number", "an
  /// object"...
  package var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .integer, .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The compact JSON text.
  package var description: String { text }

  // MARK: - Equality

  /// Whether two values are the same JSON: numbers equal by value (`1` is `1.0`; not-a-number
  /// equals itself, as both are written `null`), objects equal member by member in order.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Int64(exactly: b) == a
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    case (.null, _), (.bool, _), (.integer, _), (.number, _), (.string, _), (.array, _), (.object, _): false
    }
  }

  /// Hashes what ``==`` compares: a whole number as the integer it equals.
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .integer(let value): hasher.combine(value)
    case .number(let value):
      if let whole = Int64(exactly: value) {
        hasher.combine(whole)
      } else if value.isNaN {
        hasher.combine(Double.nan.bitPattern)
      } else {
        hasher.combine(value)
      }
    case .string(let text): hasher.combine(text)
    case .array(let elements): hasher.combine(elements)
    case .object(let members):
      hasher.combine(members.count)
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }
}
