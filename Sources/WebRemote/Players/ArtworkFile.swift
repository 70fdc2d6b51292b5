import BlockingIOPool
import Crypto
import FoundationEssentials
import HubSupport
import Logging

/// The artwork file a player published as a `file://` `mpris:artUrl`: the only file the web
/// remote ever serves for it.
struct ArtworkFile: Sendable, Hashable {
  /// The largest picture served.
  static let maximumSize = 16 << 20

  /// The file's path.
  var path: String
  /// A digest of the URL, the file's size and modification time: it changes when the picture does.
  var version: String

  /// The file that `artURL` names, if it is a `file://` URL of a regular file no larger than
  /// ``maximumSize``; `nil` otherwise. A file that cannot be read (gone, say) is logged to
  /// `logger`. Reads the file's attributes off the cooperative pool.
  static func find(artURL: String?, logger: Logger) async -> ArtworkFile? {
    await BlockingIO.run { findNow(artURL: artURL, logger: logger) }
  }

  /// Whether `artURL` may name a file the hub serves (a `file://` URL), known without reading
  /// anything.
  static func mayServe(artURL: String) -> Bool {
    artURL.hasPrefix("file://")
  }

  /// ``find(artURL:logger:)`` on the calling thread: it waits on the disk, so never on the
  /// cooperative pool, nor under a lock, nor on a bus thread.
  private static func findNow(artURL: String?, logger: Logger) -> ArtworkFile? {
    guard let artURL, mayServe(artURL: artURL), let url = URL(string: artURL), url.isFileURL else {
      return nil
    }
    let path = url.path
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      logger.notice(
        "no artwork served: cannot read the player's artwork file \(path)",
        metadata: ["error": "\(errorDescription(error))"])
      return nil
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular,
      let size = byteCount(attributes[.size]), size <= maximumSize
    else { return nil }
    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    let digest = SHA256.hash(data: Array("\(artURL)\n\(size)\n\(modified)".utf8))
    return ArtworkFile(path: path, version: digest.prefix(8).hexadecimal)
  }

  /// A file's `.size` attribute as a number: an unsigned integer from FoundationEssentials, an
  /// `NSNumber` when full Foundation is loaded in the same process (as in a test).
  private static func byteCount(_ value: Any?) -> Int? {
    if let value = value as? any BinaryInteger { return Int(exactly: value) }
    return value as? Int
  }

  /// The file's bytes and content type, if it is still there, not too large and an image
  /// (PNG, JPEG, GIF, WebP or BMP, by its first bytes).
  func read() async -> (bytes: [UInt8], contentType: String)? {
    let path = path
    return await BlockingIO.run { () -> (bytes: [UInt8], contentType: String)? in
      guard let bytes = FileBytes.read(atPath: path, upTo: Self.maximumSize + 1),
        bytes.count <= Self.maximumSize
      else {
        return nil
      }
      guard let type = Self.contentType(of: bytes) else { return nil }
      return (bytes, type)
    }
  }

  /// The image type the first bytes say, or `nil` for anything else.
  static func contentType(of bytes: [UInt8]) -> String? {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
    if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
    if starts(Array("BM".utf8)) { return "image/bmp" }
    return nil
  }
}
