/// The D-Bus interfaces of an MPRIS player, by name, and the object path they are exported at.
///
/// The corresponding MPRIS names are `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player`, at `/org/mpris/MediaPlayer2`; this package's extension
/// interface lives at a child object of it, `/org/mpris/MediaPlayer2/RemoteControl`. The player
/// exports them, the client (``RemotePlayer``) calls them, each at its `objectPath`.
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

  /// `/org/mpris/MediaPlayer2/RemoteControl`: where the extension interface lives, a child
  /// object of the MPRIS object (found by introspecting `/org/mpris/MediaPlayer2`).
  ///
  /// Not at the MPRIS path itself: playerctld watches every signal there and aborts on a
  /// `PropertiesChanged` of an interface it does not know.
  public static let remoteControlObjectPath = "/org/mpris/MediaPlayer2/RemoteControl"

  /// Where this interface is exported: `/org/mpris/MediaPlayer2` for the MPRIS interfaces,
  /// ``remoteControlObjectPath`` for the extension interface.
  public var objectPath: String {
    switch self {
    case .root, .player, .trackList, .playlists: Self.objectPath
    case .remoteControl: Self.remoteControlObjectPath
    }
  }
}
