/// Where and why bytes are not JSON, in the words Foundation's `JSONSerialization` uses.
///
/// `JSONDecoder` reports every syntax error as "The given data was not valid JSON." and keeps no
/// detail; this check walks the same bytes after such a failure and names the first fault, so the
/// hub can say what is wrong without linking full Foundation (whose `JSONSerialization` brings
/// ICU's data with it). It judges syntax only: what it accepts, `JSONDecoder` reads.
enum JSONSyntaxCheck {
  /// The deepest nesting accepted, as `JSONDecoder`'s.
  static let maximumDepth = 512

  /// The first fault in `bytes`, or `nil` when they hold exactly one JSON value.
  static func fault(in bytes: [UInt8]) -> String? {
    var scanner = Scanner(bytes: bytes)
    do {
      scanner.skipWhitespace()
      try scanner.value(depth: 0)
      scanner.skipWhitespace()
      if scanner.index < bytes.count { return "Invalid value around character \(scanner.index)." }
      return nil
    } catch {
      return error.reason
    }
  }

  private struct Fault: Error {
    var reason: String
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    func next() throws(Fault) -> UInt8 {
      guard index < bytes.count else { throw Fault(reason: "Unexpected end of file") }
      return bytes[index]
    }

    mutating func value(depth: Int) throws(Fault) {
      switch try next() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < JSONSyntaxCheck.maximumDepth else {
          throw Fault(reason: "Too many nested arrays or dictionaries around character \(index + 1).")
        }
        try container(depth: depth + 1)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw Fault(reason: "Invalid value around character \(index).")
      }
    }

    /// An object or an array, from its opening bracket.
    mutating func container(depth: Int) throws(Fault) {
      let isObject = bytes[index] == UInt8(ascii: "{")
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      index += 1
      skipWhitespace()
      if try next() == close {
        index += 1
        return
      }
      while true {
        if isObject {
          guard try next() == UInt8(ascii: "\"") else {
            throw Fault(reason: "Invalid value around character \(index).")
          }
          try string()
          skipWhitespace()
          guard try next() == UInt8(ascii: ":") else {
            throw Fault(reason: "Invalid value around character \(index).")
          }
          index += 1
          skipWhitespace()
        }
        try value(depth: depth)
        skipWhitespace()
        let separator = try next()
        index += 1
        if separator == close { return }
        guard separator == UInt8(ascii: ",") else {
          throw Fault(reason: "Invalid value around character \(index - 1).")
        }
        skipWhitespace()
      }
    }

    mutating func string() throws(Fault) {
      index += 1
      while true {
        let byte = try next()
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return
        case UInt8(ascii: "\\"):
          index += 1
          let escaped = try next()
          if escaped == UInt8(ascii: "u") {
            for offset in 1...4 {
              guard index + offset < bytes.count else { throw Fault(reason: "Unexpected end of file") }
              guard Self.isHexDigit(bytes[index + offset]) else {
                throw Fault(reason: "Invalid escape sequence around character \(index - 1).")
              }
            }
            index += 5
          } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
            index += 1
          } else {
            throw Fault(reason: "Invalid escape sequence around character \(index - 1).")
          }
        case 0..<0x20:
          throw Fault(reason: "Unescaped control character around character \(index).")
        default:
          index += 1
        }
      }
    }

    mutating func literal(_ word: String) throws(Fault) {
      for expected in word.utf8 {
        guard try next() == expected else { throw Fault(reason: "Invalid value around character \(index).") }
        index += 1
      }
    }

    mutating func number() throws(Fault) {
      let start = index
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      let digitsStart = index
      digits()
      guard index > digitsStart else {
        if index == bytes.count { throw Fault(reason: "Unexpected end of file") }
        throw Fault(reason: "Invalid value around character \(start).")
      }
      if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 {
        throw Fault(reason: "Number with leading zero around character \(digitsStart).")
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let fractionStart = index
        digits()
        guard index > fractionStart else { throw Fault(reason: "Invalid value around character \(start).") }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
          index += 1
        }
        let exponentStart = index
        digits()
        guard index > exponentStart else { throw Fault(reason: "Invalid value around character \(start).") }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let number = Double(text), number.isFinite else {
        throw Fault(reason: "Number \(text) is not representable in Swift.")
      }
    }

    mutating func digits() {
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        index += 1
      }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
  }
}
