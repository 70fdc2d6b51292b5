import FoundationEssentials

/// Base64url without padding (RFC 4648, section 5): how device keys are written in pairing
/// links, in `devices.json` and in `Authorization: Bearer`.
package enum Base64URL {
  /// `bytes` in base64url, without `=` padding.
  package static func encode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
      .replacing("=", with: "")
  }

  /// The bytes of `text`, or `nil` when it is not base64url.
  package static func decode(_ text: String) -> [UInt8]? {
    guard
      text.utf8.allSatisfy({
        $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
          || (0x61...0x7A).contains($0)
      })
    else { return nil }
    var base64 = text.replacing("-", with: "+").replacing("_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64).map { [UInt8]($0) }
  }

  /// `count` random bytes from the system's generator, in base64url.
  package static func random(count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }
}
