import DBus
import RemoteControl

extension PlayerMethod: MediaPlayerMethod {
  /// `org.mpris.MediaPlayer2.Player`.
  package static var interface: MediaPlayerInterface { .player }

  /// The MPRIS 2.2 declaration: `Play`, `Pause`, `PlayPause` and `Stop` are the user's playback
  /// presses; `Play` and `PlayPause` may bring back the last app.
  package var declaration: MethodDeclaration {
    switch self {
    case .next: MethodDeclaration(self, command: .nextTrack)
    case .previous: MethodDeclaration(self, command: .previousTrack)
    case .pause: MethodDeclaration(self, command: .pause, playbackPress: true)
    case .playPause:
      MethodDeclaration(self, command: .togglePlayPause, playbackPress: true, bringsBackTheLastApp: true)
    case .stop: MethodDeclaration(self, command: .stop, playbackPress: true)
    case .play: MethodDeclaration(self, command: .play, playbackPress: true, bringsBackTheLastApp: true)
    case .seek: MethodDeclaration(self, in: "x", ["Offset"], command: nil)
    case .setPosition:
      MethodDeclaration(self, in: "ox", ["TrackId", "Position"], command: .changePlaybackPosition)
    case .openURI: MethodDeclaration(self, in: "s", ["Uri"], command: .openURI)
    }
  }
}
