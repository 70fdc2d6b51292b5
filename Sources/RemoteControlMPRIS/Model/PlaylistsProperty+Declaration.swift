import DBus

extension PlaylistsProperty: MediaPlayerProperty {
  /// `org.mpris.MediaPlayer2.Playlists`.
  package static var interface: MediaPlayerInterface { .playlists }

  /// The MPRIS 2.2 declaration.
  package var declaration: PropertyDeclaration {
    switch self {
    case .playlistCount: PropertyDeclaration(self, "u")
    case .orderings: PropertyDeclaration(self, "as")
    case .activePlaylist: PropertyDeclaration(self, "(b(oss))")
    }
  }
}
