// `removingPercentEncoding` is Foundation's, not FoundationEssentials'.
import Foundation

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
    guard let text = String(payload).removingPercentEncoding else {
      throw .malformed("the percent-encoded text does not decode")
    }
    let data = Data(text.utf8)
    guard data.count <= limit else { throw .tooLarge }
    guard !data.isEmpty else { throw .malformed("it holds no bytes") }
    return data
  }
}
