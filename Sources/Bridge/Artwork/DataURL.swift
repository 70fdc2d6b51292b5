import FoundationEssentials

/// Decodes `data:` URLs (RFC 2397): `data:[<media type>][;base64],<data>`.
enum DataURL {
  /// Why a `data:` URL was refused.
  enum Failure: Error, Sendable, Hashable {
    /// It decodes to more bytes than the limit.
    case tooLarge
    /// It is not a `data:` URL that decodes, and why.
    case malformed(String)
  }

  /// The bytes `url` holds, at most `limit` of them.
  static func decode(_ url: String, limit: Int) throws(Failure) -> Data {
    guard url.lowercased().hasPrefix("data:"), let comma = url.firstIndex(of: ",") else {
      throw .malformed("no comma ends the header")
    }
    let header = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
    let payload = url[url.index(after: comma)...]
    if header.split(separator: ";").last == "base64" {
      // Base64 holds 3 bytes in 4 characters: refuse what is certainly too large before decoding.
      guard payload.utf8.count / 4 * 3 <= limit + 3 else { throw .tooLarge }
      let compact = payload.filter { !$0.isWhitespace }
      guard let data = Data(base64Encoded: String(compact)) else {
        throw .malformed("the base64 text does not decode")
      }
      guard data.count <= limit else { throw .tooLarge }
      guard !data.isEmpty else { throw .malformed("it holds no bytes") }
      return data
    }
    guard payload.utf8.count <= limit * 3 else { throw .tooLarge }
    guard let bytes = percentDecoded(payload.utf8) else {
      throw .malformed("the percent-encoded text does not decode")
    }
    let data = Data(bytes)
    guard data.count <= limit else { throw .tooLarge }
    guard !data.isEmpty else { throw .malformed("it holds no bytes") }
    return data
  }

  /// The bytes of percent-encoded text (`%` and two hex digits stand for one byte); `nil` when a
  /// `%` is not followed by two hex digits.
  private static func percentDecoded(_ text: Substring.UTF8View) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
      let byte = text[index]
      index = text.index(after: index)
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard index < text.endIndex, let high = hexValue(text[index]) else { return nil }
      index = text.index(after: index)
      guard index < text.endIndex, let low = hexValue(text[index]) else { return nil }
      index = text.index(after: index)
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
