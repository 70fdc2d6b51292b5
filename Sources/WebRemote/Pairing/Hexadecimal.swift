extension Sequence<UInt8> {
  /// The bytes in lower-case hexadecimal, two digits each: how digests and random identifiers
  /// are written.
  var hexadecimal: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(underestimatedCount * 2)
    for byte in self {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}

extension [UInt8] {
  /// The bytes `text` writes in hexadecimal, two digits each, in either case; `nil` when it holds
  /// anything else or an odd number of digits.
  init?(hexadecimal text: some StringProtocol) {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    func value(_ digit: UInt8) -> UInt8? {
      switch digit {
      case 0x30...0x39: digit - 0x30
      case 0x61...0x66: digit - 0x61 + 10
      case 0x41...0x46: digit - 0x41 + 10
      default: nil
      }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    self = bytes
  }
}
