/// A strict JSON reader (RFC 8259) for request bodies and WebSocket messages: nesting is
/// limited, and every failure says where the text went wrong.
struct JSONParser {
  /// The deepest nesting accepted.
  static let maximumDepth = 32

  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The one value the text holds, with nothing but white space after it.
  mutating func parseDocument() throws(APIError) -> JSON {
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw failure("unexpected text after the value") }
    return value
  }

  private func failure(_ what: String) -> APIError {
    APIError(.badRequest, "the body is not valid JSON: \(what) at byte \(index)")
  }

  private mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private mutating func parseValue(depth: Int) throws(APIError) -> JSON {
    guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
    skipWhitespace()
    guard index < bytes.count else { throw failure("the text ends where a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  private mutating func parseLiteral(_ word: String, _ value: JSON) throws(APIError) -> JSON {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
    else { throw failure("unexpected word") }
    index += expected.count
    return value
  }

  private mutating func parseObject(depth: Int) throws(APIError) -> JSON {
    index += 1
    var members: [(String, JSON)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      let value = try parseValue(depth: depth + 1)
      if members.contains(where: { $0.0 == key }) { throw failure("the key \"\(key)\" is repeated") }
      members.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("the object is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(APIError) -> JSON {
    index += 1
    var elements: [JSON] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw failure("the array is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func parseString() throws(APIError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() throws(APIError) {
      guard !run.isEmpty else { return }
      guard let text = String(validating: run, as: UTF8.self) else {
        throw failure("the string is not UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
      run.removeAll(keepingCapacity: true)
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        try flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flush()
        index += 1
        guard index < bytes.count else { throw failure("the string is not closed") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
        default: throw failure("unknown escape")
        }
      case 0..<0x20:
        throw failure("a control character in a string")
      default:
        run.append(byte)
        index += 1
      }
    }
    throw failure("the string is not closed")
  }

  private mutating func parseHex4() throws(APIError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw failure("a \\u escape needs four hexadecimal digits") }
    index += 4
    return value
  }

  private mutating func parseUnicodeEscape() throws(APIError) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800..<0xDC00).contains(first) {
      guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { throw failure("a lone surrogate") }
      index += 2
      let second = try parseHex4()
      guard (0xDC00..<0xE000).contains(second),
        let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
      else { throw failure("a lone surrogate") }
      return scalar
    }
    guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate") }
    return scalar
  }

  private mutating func parseNumber() throws(APIError) -> JSON {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - from
    }
    let integerDigits = digits()
    guard integerDigits > 0 else { throw failure("a number needs digits") }
    if integerDigits > 1, bytes[index - integerDigits] == UInt8(ascii: "0") {
      throw failure("a number cannot start with 0")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits() > 0 else { throw failure("a fraction needs digits") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw failure("an exponent needs digits") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let number = Double(text) else { throw failure("an unreadable number") }
    return .number(number)
  }
}
