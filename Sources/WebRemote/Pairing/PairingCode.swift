/// A single-use pairing, valid for a minute: a code that names it and the key the new device
/// will sign with. Both travel in the pairing link's fragment, which a browser never sends; the
/// page proves it holds the key by signing its pairing request, so the key never crosses the
/// network.
package struct PairingCode: Sendable, Hashable {
  /// The characters a code is made of: no 0/O, 1/I/L look-alikes.
  static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
  /// How many characters a code has.
  static let length = 8
  /// How many random bytes a device key has.
  static let keyLength = 32
  /// How long a code stays valid.
  package static let validity = Duration.seconds(60)

  /// The code as people see it: `XXXX-XXXX`.
  package var text: String
  /// The device's key, 32 random bytes in base64url.
  package var key: String
  /// How long it stays valid from now.
  package var validity: Duration

  /// The link's fragment: `pair=CODE&key=KEY`.
  package var fragment: String { "pair=\(text)&key=\(key)" }

  /// A new random code and key.
  static func random() -> PairingCode {
    var generator = SystemRandomNumberGenerator()
    let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
    return PairingCode(
      text: String(characters.prefix(4)) + "-" + String(characters.dropFirst(4)),
      key: Base64URL.random(count: keyLength), validity: validity)
  }

  /// The code's characters as compared: upper case, without dashes or spaces.
  static func normalized(_ text: String) -> String {
    String(text.uppercased().filter { $0 != "-" && $0 != " " })
  }
}
