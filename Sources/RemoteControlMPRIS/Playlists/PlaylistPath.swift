import RemoteControl

/// The object path MPRIS names a playlist by (`Playlist_Id`, D-Bus type `o`).
///
/// It is made from ``Playlist/id`` as track paths are (``TrackID``): every byte an object path
/// cannot hold is escaped, so that different identifiers never give the same path.
enum PlaylistPath {
  /// Where playlist paths live.
  static let prefix = "/org/swift_remote_control/playlist/"

  /// The path of `playlist`.
  static func path(of playlist: Playlist) -> String { prefix + TrackID.escaped(playlist.id) }
}
