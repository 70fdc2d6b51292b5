/// A key the terminal view understands.
enum Key: Sendable, Hashable {
  /// Space: play or pause.
  case space
  /// A printable character: n, p, +, -, q, <, >…
  case character(Character)
  /// ← or →, with shift held or not.
  case arrow(forward: Bool, shifted: Bool)

  /// The keys in `bytes`, as a terminal sends them: characters, and the escape sequences of the
  /// arrows (`ESC [ C`, `ESC [ D`, `ESC O C`…) and shifted arrows (`ESC [ 1 ; 2 C`). Bytes of
  /// other escape sequences are dropped.
  static func parse(_ bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x1B {
        // CSI or SS3: parameters up to a final byte in 0x40...0x7E.
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O")
        else {
          continue
        }
        index += 1
        var parameters: [UInt8] = []
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) {
          parameters.append(bytes[index])
          index += 1
        }
        guard index < bytes.count else { break }
        let final = bytes[index]
        index += 1
        let shifted = parameters.last == UInt8(ascii: "2")
        switch final {
        case UInt8(ascii: "C"): keys.append(.arrow(forward: true, shifted: shifted))
        case UInt8(ascii: "D"): keys.append(.arrow(forward: false, shifted: shifted))
        default: break
        }
      } else if byte == UInt8(ascii: " ") {
        keys.append(.space)
      } else if (0x21...0x7E).contains(byte) {
        keys.append(.character(Character(Unicode.Scalar(byte))))
      }
    }
    return keys
  }
}
