/// The methods of `org.mpris.MediaPlayer2.Playlists`, by their MPRIS names.
public enum PlaylistsMethod: String, Sendable, Hashable, CaseIterable {
  /// `ActivatePlaylist(o PlaylistId)`: `RemoteCommandKind.activatePlaylist`.
  case activatePlaylist = "ActivatePlaylist"
  /// `GetPlaylists(u Index, u MaxCount, s Order, b ReverseOrder) → a(oss) Playlists`.
  case getPlaylists = "GetPlaylists"
}
