/// An order in which playlists can be listed.
///
/// The corresponding MPRIS type is `Playlist_Ordering` (the raw values), used by
/// `org.mpris.MediaPlayer2.Playlists.Orderings` and `GetPlaylists`.
public enum PlaylistOrdering: String, Sendable, Hashable, CaseIterable {
  /// By name.
  case alphabetical = "Alphabetical"
  /// By the time each playlist was created.
  case creationDate = "Created"
  /// By the time each playlist was last changed.
  case modifiedDate = "Modified"
  /// By the time each playlist was last played.
  case lastPlayDate = "Played"
  /// In the order the app keeps them.
  case userDefined = "User"
}
