/// A D-Bus object path, such as `/org/mpris/MediaPlayer2`, checked when made.
///
/// The rules (D-Bus specification, "Valid Object Paths"): it starts with `/`; elements are
/// separated by single `/`s and made of `[A-Za-z0-9_]`; no trailing `/` except for the root `/`.
package struct ObjectPath: RawRepresentable, Sendable, Hashable, Comparable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The path as sent on the bus.
  package let rawValue: String

  /// The root path `/`.
  package static let root = ObjectPath(unchecked: "/")

  /// Creates a path, or throws ``BusError`` (InvalidArgs) saying which rule it breaks.
  package init(_ string: String) throws(BusError) {
    if let reason = ObjectPath.violation(in: string) {
      throw .invalidArgs("\"\(string)\" is not a valid object path: \(reason)")
    }
    rawValue = string
  }

  /// Creates a path if `rawValue` is valid.
  package init?(rawValue: String) {
    guard ObjectPath.violation(in: rawValue) == nil else { return nil }
    self.rawValue = rawValue
  }

  /// Creates a path from a literal; an invalid literal is a programmer error and traps,
  /// naming the rule it breaks.
  package init(stringLiteral value: String) {
    if let reason = ObjectPath.violation(in: value) {
      preconditionFailure("\"\(value)\" is not a valid object path: \(reason)")
    }
    rawValue = value
  }

  init(unchecked string: String) { rawValue = string }

  /// The path itself.
  package var description: String { rawValue }

  /// Orders paths by their text.
  package static func < (lhs: ObjectPath, rhs: ObjectPath) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The reason `string` is not a valid object path, or `nil` when it is.
  static func violation(in string: String) -> String? {
    let bytes = Array(string.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return "it must start with \"/\"" }
    if bytes.count == 1 { return nil }
    if bytes.last == UInt8(ascii: "/") { return "only the root path \"/\" may end with \"/\"" }
    var previousWasSlash = false
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        if previousWasSlash { return "it contains an empty element (\"//\")" }
        previousWasSlash = true
      } else {
        guard NameRules.isWordCharacter(byte) else {
          return "elements may contain only A-Z, a-z, 0-9 and \"_\""
        }
        previousWasSlash = false
      }
    }
    return nil
  }
}
