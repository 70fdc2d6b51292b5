/// A D-Bus type signature: zero or more complete types, such as `a{sv}` or `sx`, checked when made.
package struct Signature: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The signature as sent on the bus.
  package let rawValue: String

  /// The empty signature: no values.
  package static let empty = Signature(unchecked: "")

  /// Creates a signature, or throws ``BusError`` (InvalidSignature) saying what is wrong.
  package init(_ string: String) throws(BusError) {
    if let reason = Signature.violation(in: string) {
      throw BusError(.invalidSignature, "\"\(string)\" is not a valid signature: \(reason)")
    }
    rawValue = string
  }

  /// Creates a signature if `rawValue` is valid.
  package init?(rawValue: String) {
    guard Signature.violation(in: rawValue) == nil else { return nil }
    self.rawValue = rawValue
  }

  /// Creates a signature from a literal; an invalid literal is a programmer error and traps.
  package init(stringLiteral value: String) {
    if let reason = Signature.violation(in: value) {
      preconditionFailure("\"\(value)\" is not a valid signature: \(reason)")
    }
    rawValue = value
  }

  init(unchecked string: String) { rawValue = string }

  /// The signature itself.
  package var description: String { rawValue }

  /// The complete types it is made of, in order: `sa{sv}i` gives `s`, `a{sv}`, `i`.
  package var completeTypes: [Signature] {
    let bytes = Array(rawValue.utf8)
    var types: [Signature] = []
    var index = 0
    while index < bytes.count {
      let end: Int
      do {
        end = try Signature.endOfCompleteType(bytes, from: index, depth: 0)
      } catch {
        // Not reachable: a signature is checked when made, or comes from sd-bus, which checked
        // it; the types before the fault are what there is.
        assertionFailure("\"\(rawValue)\" is not a valid signature: \(error.reason)")
        break
      }
      types.append(Signature(unchecked: String(decoding: bytes[index..<end], as: UTF8.self)))
      index = end
    }
    return types
  }

  /// Whether this is exactly one complete type.
  package var isSingleCompleteType: Bool { completeTypes.count == 1 && !rawValue.isEmpty }

  // MARK: - Validation

  /// The basic type codes: `y b n q i u x t d s o g h`.
  static let basicCodes = Set("ybnqiuxtdsogh".utf8)

  /// The reason `string` is not a valid signature, or `nil` when it is.
  static func violation(in string: String) -> String? {
    let bytes = Array(string.utf8)
    guard bytes.count <= 255 else { return "it is longer than 255 characters" }
    var index = 0
    do {
      while index < bytes.count {
        index = try endOfCompleteType(bytes, from: index, depth: 0)
      }
    } catch {
      return error.reason
    }
    return nil
  }

  struct Violation: Error {
    var reason: String
  }

  /// The index just past the complete type starting at `start`.
  static func endOfCompleteType(_ bytes: [UInt8], from start: Int, depth: Int) throws(Violation)
    -> Int
  {
    guard depth < 64 else { throw Violation(reason: "containers are nested too deeply") }
    guard start < bytes.count else { throw Violation(reason: "it ends inside a container") }
    let code = bytes[start]
    if basicCodes.contains(code) || code == UInt8(ascii: "v") { return start + 1 }
    switch code {
    case UInt8(ascii: "a"):
      if start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "{") {
        guard start + 2 < bytes.count, basicCodes.contains(bytes[start + 2]) else {
          throw Violation(reason: "a dictionary key must be a basic type")
        }
        let valueEnd = try endOfCompleteType(bytes, from: start + 3, depth: depth + 1)
        guard valueEnd < bytes.count, bytes[valueEnd] == UInt8(ascii: "}") else {
          throw Violation(reason: "a dictionary entry {kv} must hold exactly two types")
        }
        return valueEnd + 1
      }
      return try endOfCompleteType(bytes, from: start + 1, depth: depth + 1)
    case UInt8(ascii: "("):
      var index = start + 1
      guard index < bytes.count, bytes[index] != UInt8(ascii: ")") else {
        throw Violation(reason: "a struct must hold at least one type")
      }
      while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
        index = try endOfCompleteType(bytes, from: index, depth: depth + 1)
      }
      guard index < bytes.count else { throw Violation(reason: "a \"(\" is not closed") }
      return index + 1
    case UInt8(ascii: "{"):
      throw Violation(reason: "a dictionary entry {kv} may appear only as an array element")
    default:
      let character = Character(Unicode.Scalar(code))
      throw Violation(reason: "\"\(character)\" is not a type code")
    }
  }
}
