import DBus
import RemoteControl

extension TrackListMethod: MediaPlayerMethod {
  /// `org.mpris.MediaPlayer2.TrackList`.
  package static var interface: MediaPlayerInterface { .trackList }

  /// The MPRIS 2.2 declaration.
  package var declaration: MethodDeclaration {
    switch self {
    case .getTracksMetadata:
      MethodDeclaration(self, in: "ao", ["TrackIds"], out: "aa{sv}", ["Metadata"], command: nil)
    case .addTrack:
      MethodDeclaration(self, in: "sob", ["Uri", "AfterTrack", "SetAsCurrent"], command: .addQueueItem)
    case .removeTrack: MethodDeclaration(self, in: "o", ["TrackId"], command: .removeQueueItem)
    case .goTo: MethodDeclaration(self, in: "o", ["TrackId"], command: .goToQueueItem)
    }
  }
}
