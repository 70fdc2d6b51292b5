/// The character rules shared by object paths, bus names, interface and member names.
enum NameRules {
  // MARK: - Characters

  /// `[A-Za-z0-9_]`.
  static func isWordCharacter(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: "_")
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// `[0-9]`.
  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  // MARK: - Names

  /// Throws unless `name` is a valid interface (or error) name, such as `org.mpris.MediaPlayer2`.
  static func checkInterfaceName(_ name: String) throws(BusError) {
    let bytes = Array(name.utf8)
    var reason: String?
    if bytes.isEmpty || bytes.count > 255 {
      reason = "it must be 1 to 255 characters long"
    } else {
      let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
      if elements.count < 2 { reason = "it needs at least two elements separated by \".\"" }
      for element in elements where reason == nil {
        if let first = element.first, !isDigit(first), element.allSatisfy(isWordCharacter) {
          continue
        }
        reason = "elements must be non-empty, made of A-Z, a-z, 0-9 and \"_\", not start with a digit"
      }
    }
    if let reason { throw .invalidArgs("\"\(name)\" is not a valid interface name: \(reason)") }
  }

  /// Throws unless `name` is a valid member (method, property or signal) name, such as `PlayPause`.
  static func checkMemberName(_ name: String) throws(BusError) {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, bytes.count <= 255, !isDigit(first),
      bytes.allSatisfy(isWordCharacter)
    else {
      throw .invalidArgs(
        "\"\(name)\" is not a valid member name: it must be 1 to 255 characters of A-Z, a-z, 0-9 "
          + "and \"_\", not starting with a digit")
    }
  }
}
