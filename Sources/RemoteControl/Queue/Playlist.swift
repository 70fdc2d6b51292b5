#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A named collection of items an app can make its queue.
///
/// The corresponding MPRIS type is `Playlist` (`(oss)`: an object path made from ``id``, the
/// name and an icon URI), listed by `org.mpris.MediaPlayer2.Playlists.GetPlaylists`.
public struct Playlist: Sendable, Hashable, Identifiable {
  /// The app's stable identifier of the playlist; unique among the app's playlists.
  public var id: String
  /// The name to show.
  public var name: String
  /// A `file://` or `http(s)://` URL of an icon; `nil` for none.
  public var iconURL: URL?
  /// When the playlist was created, for ``PlaylistOrdering/creationDate``.
  public var creationDate: Date?
  /// When it last changed, for ``PlaylistOrdering/modifiedDate``.
  public var modificationDate: Date?
  /// When it was last played, for ``PlaylistOrdering/lastPlayDate``.
  public var lastPlayDate: Date?

  /// A playlist.
  public init(
    id: String, name: String, iconURL: URL? = nil, creationDate: Date? = nil,
    modificationDate: Date? = nil, lastPlayDate: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.iconURL = iconURL
    self.creationDate = creationDate
    self.modificationDate = modificationDate
    self.lastPlayDate = lastPlayDate
  }
}
