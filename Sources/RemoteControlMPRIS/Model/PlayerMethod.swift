/// The methods of `org.mpris.MediaPlayer2.Player`, by their MPRIS names.
///
/// The player declares each in its method table; the hub and controllers call them by these
/// names.
public enum PlayerMethod: String, Sendable, Hashable, CaseIterable {
  /// `Next()`: `RemoteCommandKind.nextTrack`.
  case next = "Next"
  /// `Previous()`: `RemoteCommandKind.previousTrack`.
  case previous = "Previous"
  /// `Pause()`: `RemoteCommandKind.pause`, a playback press.
  case pause = "Pause"
  /// `PlayPause()`: `RemoteCommandKind.togglePlayPause`, a playback press.
  case playPause = "PlayPause"
  /// `Stop()`: `RemoteCommandKind.stop`, a playback press.
  case stop = "Stop"
  /// `Play()`: `RemoteCommandKind.play`, a playback press.
  case play = "Play"
  /// `Seek(x Offset)`, µs from the position now.
  case seek = "Seek"
  /// `SetPosition(o TrackId, x Position)`: `RemoteCommandKind.changePlaybackPosition`.
  case setPosition = "SetPosition"
  /// `OpenUri(s Uri)`: `RemoteCommandKind.openURI`.
  case openURI = "OpenUri"
}
