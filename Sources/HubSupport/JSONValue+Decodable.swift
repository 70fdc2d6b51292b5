import FoundationEssentials

/// Reading: by Foundation's `JSONDecoder`.
///
/// An object's members come back sorted by key: `JSONDecoder` does not keep the order of the
/// text, and nothing read depends on it (order matters only for what is written), so sorting just
/// makes what is read, and the errors about it, the same every time.
extension JSONValue: Decodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init?(intValue: Int) {
      nil
    }
  }

  /// Reads one JSON value: each kind is tried in turn, and Foundation's refusal of a kind
  /// (``ofKind(_:)``) is the answer that it is another; what is left must be a number, and the
  /// error that it is not is thrown.
  package init(from decoder: any Decoder) throws {
    if let object = try Self.ofKind({ try decoder.container(keyedBy: Key.self) }) {
      var members: [(String, JSONValue)] = []
      for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
      }
      self = .object(members)
    } else if var array = try Self.ofKind({ try decoder.unkeyedContainer() }) {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let value = try decoder.singleValueContainer()
      // `true` is not a number and `1` is not a Boolean: each is tried as its own type only.
      if value.decodeNil() {
        self = .null
      } else if let flag = try Self.ofKind({ try value.decode(Bool.self) }) {
        self = .bool(flag)
      } else if let text = try Self.ofKind({ try value.decode(String.self) }) {
        self = .string(text)
      } else if let integer = Self.wholeNumber(value) {
        self = .integer(integer)
      } else {
        // What is left is a number, or text Foundation refuses; its error says which.
        self = .number(try value.decode(Double.self))
      }
    }
  }

  /// What `read` reads, or `nil` when the value is of another kind than `read` asks for:
  /// Foundation's `DecodingError.typeMismatch`, or `.valueNotFound` when it is `null`. Any other
  /// error is thrown.
  private static func ofKind<T>(_ read: () throws -> T) throws -> T? {
    do {
      return try read()
    } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
      return nil
    }
  }

  /// The number in `value` as an `Int64`, or `nil` when it is not one: a fraction, or out of
  /// `Int64`'s range. `value` is known to be no other kind by then, so its refusal says only
  /// that; Foundation throws its own internal error for it, not a `DecodingError`, so it is not
  /// told apart. The `Double` read next throws whatever is really wrong.
  private static func wholeNumber(_ value: any SingleValueDecodingContainer) -> Int64? {
    do {
      return try value.decode(Int64.self)
    } catch {
      return nil
    }
  }

  /// Reads `bytes` as one JSON value, or says what is wrong with them.
  ///
  /// Nesting deeper than Foundation's limit (512) is refused; the size is for the caller to limit.
  package static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
    let data = Data(bytes)
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw JSONSyntaxError(reason(error, data: data))
    }
  }

  /// Reads `text` as one JSON value, or says what is wrong with it.
  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// What went wrong, in Foundation's words.
  ///
  /// On Linux, `JSONDecoder` reports every syntax error as "The given data was not valid JSON."
  /// and drops the detail; ``JSONSyntaxCheck``, asked about the same bytes only after that
  /// failure, names it as `JSONSerialization` would ("Invalid escape sequence around character
  /// 1.") without linking full Foundation.
  private static func reason(_ error: any Error, data: Data) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    let context: DecodingError.Context
    switch error {
    case .dataCorrupted(let found), .typeMismatch(_, let found), .valueNotFound(_, let found),
      .keyNotFound(_, let found):
      context = found
    @unknown default:
      return "\(error)"
    }
    var reason = context.debugDescription
    if let underlying = context.underlyingError {
      reason += " \(underlying)"
    } else if let fault = JSONSyntaxCheck.fault(in: Array(data)) {
      reason = fault
    }
    guard !context.codingPath.isEmpty else { return reason }
    let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
    return reason + " (at " + path.joined() + ")"
  }
}
