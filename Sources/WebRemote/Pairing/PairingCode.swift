/// A single-use code that pairs one device, valid for a minute.
package struct PairingCode: Sendable, Hashable {
  /// The characters a code is made of: no 0/O, 1/I/L look-alikes.
  static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
  /// How many characters a code has.
  static let length = 8
  /// How long a code stays valid.
  package static let validity = Duration.seconds(60)

  /// The code as people see it: `XXXX-XXXX`.
  package var text: String
  /// How long it stays valid from now.
  package var validity: Duration

  /// A new random code.
  static func random() -> PairingCode {
    var generator = SystemRandomNumberGenerator()
    let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
    return PairingCode(
      text: String(characters.prefix(4)) + "-" + String(characters.dropFirst(4)), validity: validity)
  }

  /// The code's characters as compared: upper case, without dashes or spaces.
  static func normalized(_ text: String) -> String {
    String(text.uppercased().filter { $0 != "-" && $0 != " " })
  }
}
