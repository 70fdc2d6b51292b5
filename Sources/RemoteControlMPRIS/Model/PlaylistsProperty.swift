/// The properties of `org.mpris.MediaPlayer2.Playlists`, by their MPRIS names.
///
/// The player declares each in its playlists' property table; controllers read them by these
/// names.
public enum PlaylistsProperty: String, Sendable, Hashable, CaseIterable {
  /// `PlaylistCount` (`u`): how many playlists there are.
  case playlistCount = "PlaylistCount"
  /// `Orderings` (`as`): the orders `GetPlaylists` accepts.
  case orderings = "Orderings"
  /// `ActivePlaylist` (`(b(oss))`): whether a playlist is active, and which.
  case activePlaylist = "ActivePlaylist"
}
