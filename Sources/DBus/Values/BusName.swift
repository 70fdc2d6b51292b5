/// A D-Bus bus name: a well-known name such as `org.mpris.MediaPlayer2.vlc`, or a unique
/// connection name such as `:1.42`, checked when made.
///
/// The rules (D-Bus specification, "Bus names"): at most 255 characters; two or more elements
/// separated by `.`; elements are made of `[A-Za-z0-9_-]` and, in well-known names, do not start
/// with a digit; unique names start with `:`.
package struct BusName: RawRepresentable, Sendable, Hashable, Comparable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The name as sent on the bus.
  package let rawValue: String

  /// The message bus itself: `org.freedesktop.DBus`.
  package static let bus = BusName(unchecked: "org.freedesktop.DBus")

  /// Creates a name, or throws ``BusError`` (InvalidArgs) saying which rule it breaks.
  package init(_ string: String) throws(BusError) {
    if let reason = BusName.violation(in: string) {
      throw .invalidArgs("\"\(string)\" is not a valid bus name: \(reason)")
    }
    rawValue = string
  }

  /// Creates a name if `rawValue` is valid.
  package init?(rawValue: String) {
    guard BusName.violation(in: rawValue) == nil else { return nil }
    self.rawValue = rawValue
  }

  /// Creates a name from a literal; an invalid literal is a programmer error and traps,
  /// naming the rule it breaks.
  package init(stringLiteral value: String) {
    if let reason = BusName.violation(in: value) {
      preconditionFailure("\"\(value)\" is not a valid bus name: \(reason)")
    }
    rawValue = value
  }

  init(unchecked string: String) { rawValue = string }

  /// Whether this is a unique connection name (`:1.42`) rather than a well-known one.
  package var isUnique: Bool { rawValue.hasPrefix(":") }

  /// The name itself.
  package var description: String { rawValue }

  /// Orders names by their text.
  package static func < (lhs: BusName, rhs: BusName) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The reason `string` is not a valid bus name, or `nil` when it is.
  static func violation(in string: String) -> String? {
    var bytes = Array(string.utf8)
    guard !bytes.isEmpty else { return "it is empty" }
    guard bytes.count <= 255 else { return "it is longer than 255 characters" }
    let unique = bytes[0] == UInt8(ascii: ":")
    if unique { bytes.removeFirst() }
    let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard elements.count >= 2 else { return "it needs at least two elements separated by \".\"" }
    for element in elements {
      guard let first = element.first else { return "it contains an empty element" }
      if !unique && NameRules.isDigit(first) {
        return "an element of a well-known name may not start with a digit"
      }
      for byte in element where !(NameRules.isWordCharacter(byte) || byte == UInt8(ascii: "-")) {
        return "elements may contain only A-Z, a-z, 0-9, \"_\" and \"-\""
      }
    }
    return nil
  }
}
