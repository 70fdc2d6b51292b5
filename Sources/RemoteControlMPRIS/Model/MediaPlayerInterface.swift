/// The D-Bus interfaces of an MPRIS player, by name, and the object path they are exported at.
///
/// The corresponding MPRIS names are `org.mpris.MediaPlayer2` and
/// `org.mpris.MediaPlayer2.Player`, at `/org/mpris/MediaPlayer2`. The player exports them, the
/// client (``RemotePlayer``) calls them.
public enum MediaPlayerInterface: String, Sendable, Hashable, CaseIterable {
  /// `org.mpris.MediaPlayer2`: who the player is, `Raise` and `Quit`.
  case root = "org.mpris.MediaPlayer2"
  /// `org.mpris.MediaPlayer2.Player`: playback, its state and the metadata.
  case player = "org.mpris.MediaPlayer2.Player"

  /// `/org/mpris/MediaPlayer2`: where every MPRIS player exports its interfaces.
  public static let objectPath = "/org/mpris/MediaPlayer2"
}
