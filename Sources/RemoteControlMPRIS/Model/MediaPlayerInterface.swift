/// The D-Bus interfaces of an MPRIS player, by name, and the object path they are exported at.
///
/// The corresponding MPRIS names are `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player`, at `/org/mpris/MediaPlayer2`; beside them, at the same path,
/// this package's extension interface. The player exports them, the client (``RemotePlayer``)
/// calls them.
public enum MediaPlayerInterface: String, Sendable, Hashable, CaseIterable {
  /// `org.mpris.MediaPlayer2`: who the player is, `Raise` and `Quit`.
  case root = "org.mpris.MediaPlayer2"
  /// `org.mpris.MediaPlayer2.Player`: playback, its state and the metadata.
  case player = "org.mpris.MediaPlayer2.Player"
  /// `org.mpris.MediaPlayer2.TrackList`: the queue; exported only while the app provides one.
  case trackList = "org.mpris.MediaPlayer2.TrackList"
  /// `org.mpris.MediaPlayer2.Playlists`: the playlists; exported only while the app provides
  /// them.
  case playlists = "org.mpris.MediaPlayer2.Playlists"
  /// `io.github.swift_remote_control.RemoteControl1`: what MPRIS cannot carry (feedback, rating,
  /// skip intervals, supported rates, language options, handler statuses); see
  /// <doc:RemoteControlInterface>.
  case remoteControl = "io.github.swift_remote_control.RemoteControl1"

  /// `/org/mpris/MediaPlayer2`: where every MPRIS player exports its interfaces.
  public static let objectPath = "/org/mpris/MediaPlayer2"
}
