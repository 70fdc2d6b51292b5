#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Why artwork given as bytes is not published: its cache file could not be written.
///
/// MediaPlayer has no counterpart: `MPMediaItemArtwork` hands its image over on request. Here
/// artwork given as bytes is written to a cache file and published as its `file://` URL (MPRIS
/// `mpris:artUrl`); when that fails, the info is published without artwork and the snapshot
/// says why (``NowPlayingSnapshot/artworkError``, ``PlaybackQueueCenter/Snapshot/artworkErrors``).
public struct ArtworkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What failed, as a value to switch on.
  public struct Code: Sendable, Hashable {
    let rawValue: UInt8
    /// The cache directory could not be created or the file could not be written.
    public static let notWritten = Code(rawValue: 1)
  }

  /// What failed.
  public var code: Code
  /// The cache file the artwork was to be written to.
  public var file: URL
  /// Why, in words.
  public var message: String

  init(_ code: Code, file: URL, _ message: String) {
    self.code = code
    self.file = file
    self.message = message
  }

  /// "artwork not written to ", the file's path, and the message.
  public var description: String { "artwork not written to \(file.path): \(message)" }

  /// Errors are equal when their codes and files are: the message is for people.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code && lhs.file == rhs.file }

  /// Hashes the code and the file.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(file)
  }
}
