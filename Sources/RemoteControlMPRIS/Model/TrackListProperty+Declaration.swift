import DBus

extension TrackListProperty: MediaPlayerProperty {
  /// `org.mpris.MediaPlayer2.TrackList`.
  package static var interface: MediaPlayerInterface { .trackList }

  /// The MPRIS 2.2 declaration: `Tracks` is announced by invalidation.
  package var declaration: PropertyDeclaration {
    switch self {
    case .tracks: PropertyDeclaration(self, "ao", change: .invalidates)
    case .canEditTracks: PropertyDeclaration(self, "b")
    }
  }
}
