#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes artwork bytes to files named by their content, once each, so that they can be
/// published as `file://` URLs.
struct ArtworkCache: Sendable {
  let directory: URL

  /// `$XDG_CACHE_HOME/swift-remote-control/artwork`, or `~/.cache/…` when that is unset.
  static var defaultDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    return cache.appendingPathComponent("swift-remote-control/artwork", isDirectory: true)
  }

  /// The URL to publish for artwork: a URL as it is; bytes written to the cache first, unless a
  /// file with the same content name is already there.
  ///
  /// - Throws: ``ArtworkError`` when the directory cannot be made or the file cannot be written.
  func url(for artwork: Artwork) throws(ArtworkError) -> URL {
    switch artwork {
    case .url(let url):
      return url
    case .data(let data):
      let file = directory.appendingPathComponent(
        "\(Self.contentName(of: data)).\(Self.fileExtension(of: data))")
      if !FileManager.default.fileExists(atPath: file.path) {
        do {
          try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
          try data.write(to: file, options: .atomic)
        } catch {
          throw ArtworkError(.notWritten, file: file, "\(error)")
        }
      }
      return file
    }
  }

  /// What to publish for an info's artwork: its URL, or why there is none (the bytes could not
  /// be written); neither without artwork.
  func published(_ artwork: Artwork?) -> (url: URL?, error: ArtworkError?) {
    guard let artwork else { return (nil, nil) }
    do {
      return (try url(for: artwork), nil)
    } catch {
      return (nil, error)
    }
  }

  /// A 64-bit FNV-1a hash of the bytes, in hexadecimal, with the byte count.
  static func contentName(of data: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "-\(data.count)"
  }

  /// The file extension the bytes' signature calls for; `img` when it is none we know.
  static func fileExtension(of data: Data) -> String {
    let bytes = [UInt8](data.prefix(12))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
    if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
      return "webp"
    }
    if let text = String(bytes: data.prefix(256), encoding: .utf8), text.contains("<svg") { return "svg" }
    return "img"
  }
}
