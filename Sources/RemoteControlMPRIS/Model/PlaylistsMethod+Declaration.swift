import DBus
import RemoteControl

extension PlaylistsMethod: MediaPlayerMethod {
  /// `org.mpris.MediaPlayer2.Playlists`.
  package static var interface: MediaPlayerInterface { .playlists }

  /// The MPRIS 2.2 declaration.
  package var declaration: MethodDeclaration {
    switch self {
    case .activatePlaylist: MethodDeclaration(self, in: "o", ["PlaylistId"], command: .activatePlaylist)
    case .getPlaylists:
      MethodDeclaration(
        self, in: "uusb", ["Index", "MaxCount", "Order", "ReverseOrder"], out: "a(oss)", ["Playlists"],
        command: nil)
    }
  }
}
