/// Parses playerctl's template language, with playerctl's error messages and positions (byte
/// offsets into the template).
struct TemplateParser {
  /// The longest template playerctl accepts, in bytes (exclusive).
  static let maximumLength = 1028
  /// The most arguments a helper call may have.
  static let maximumArguments = 32

  private let bytes: [UInt8]
  private var index = 0

  /// A parser over `source`.
  init(_ source: String) { bytes = Array(source.utf8) }

  // MARK: - Template

  /// The template's parts: text and `{{…}}` expressions.
  mutating func parseTemplate() throws(TemplateError) -> [Template.Part] {
    guard bytes.count < Self.maximumLength else {
      throw TemplateError("the maximum format string length is \(Self.maximumLength)")
    }
    var parts: [Template.Part] = []
    var text: [UInt8] = []
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "{"), peek(1) == UInt8(ascii: "{") {
        if !text.isEmpty {
          parts.append(.text(String(decoding: text, as: UTF8.self)))
          text = []
        }
        index += 2
        let expression = try parseSum()
        skipSpaces()
        guard peek(0) == UInt8(ascii: "}"), peek(1) == UInt8(ascii: "}") else {
          throw TemplateError("expecting \"}}\" (position \(index))")
        }
        index += 2
        try TemplateFunctions.validate(expression)
        parts.append(.expression(expression))
      } else {
        text.append(bytes[index])
        index += 1
      }
    }
    if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
    return parts
  }

  // MARK: - Expressions, by precedence

  private mutating func parseSum() throws(TemplateError) -> TemplateExpression {
    var left = try parseProduct()
    while let op = peek(0), op == UInt8(ascii: "+") || op == UInt8(ascii: "-") {
      index += 1
      let right = try parseProduct()
      left = .call(String(UnicodeScalar(op)), [left, right])
    }
    return left
  }

  private mutating func parseProduct() throws(TemplateError) -> TemplateExpression {
    var left = try parseOperand()
    while let op = peek(0), op == UInt8(ascii: "*") || op == UInt8(ascii: "/") {
      index += 1
      let right = try parseOperand()
      left = .call(String(UnicodeScalar(op)), [left, right])
    }
    return left
  }

  /// One operand: a unary sign and its operand, a parenthesised expression, a literal, a variable
  /// or a call; trailing spaces are consumed.
  private mutating func parseOperand() throws(TemplateError) -> TemplateExpression {
    skipSpaces()
    guard let byte = peek(0) else { throw TemplateError("unexpected end of expression") }
    let expression: TemplateExpression
    switch byte {
    case UInt8(ascii: "("):
      index += 1
      let inner = try parseSum()
      skipSpaces()
      guard peek(0) == UInt8(ascii: ")") else {
        throw TemplateError("expected \")\" (position  \(index))")
      }
      index += 1
      expression = inner
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      index += 1
      expression = .call(String(UnicodeScalar(byte)), [try parseOperand()])
    case UInt8(ascii: "\""):
      expression = try parseString()
    case _ where Self.isNumeric(byte):
      expression = try parseNumber()
    case _ where Self.isIdentifierStart(byte):
      expression = try parseIdentifierOrCall()
    default:
      throw TemplateError(
        "unexpected \"\(character(at: index))\", expected expression (position  \(index))")
    }
    skipSpaces()
    return expression
  }

  private mutating func parseString() throws(TemplateError) -> TemplateExpression {
    let start = index + 1
    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else {
      throw TemplateError("unexpected end of expression")
    }
    index = end + 1
    return .string(String(decoding: bytes[start..<end], as: UTF8.self))
  }

  private mutating func parseNumber() throws(TemplateError) -> TemplateExpression {
    let start = index
    while let byte = peek(0), Self.isNumeric(byte) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text) else {
      throw TemplateError("invalid number: \"\(text)\" (position \(index))")
    }
    return .number(number)
  }

  private mutating func parseIdentifierOrCall() throws(TemplateError) -> TemplateExpression {
    let start = index
    while let byte = peek(0), Self.isIdentifierCharacter(byte) { index += 1 }
    guard let next = peek(0) else { throw TemplateError("unexpected end of expression") }
    let name = String(decoding: bytes[start..<index], as: UTF8.self)
    guard next == UInt8(ascii: "(") else { return .variable(name) }
    index += 1
    var arguments: [TemplateExpression] = []
    while true {
      arguments.append(try parseSum())
      if arguments.count > Self.maximumArguments {
        throw TemplateError("maximum args of \(Self.maximumArguments) exceeded")
      }
      skipSpaces()
      if peek(0) == UInt8(ascii: ")") {
        index += 1
        return .call(name, arguments)
      } else if peek(0) == UInt8(ascii: ",") {
        index += 1
      } else {
        throw TemplateError("expecting \")\" (position \(index))")
      }
    }
  }

  // MARK: - Characters

  private func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func skipSpaces() {
    while peek(0) == UInt8(ascii: " ") { index += 1 }
  }

  /// The whole character that starts at byte `offset`, for error messages.
  private func character(at offset: Int) -> String {
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private static func isNumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
  }

  private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: ":")
  }
}
