/// The properties of `org.mpris.MediaPlayer2`, by their MPRIS names.
///
/// The player declares each in its property table; controllers read them by these names.
public enum RootProperty: String, Sendable, Hashable, CaseIterable {
  /// `CanQuit` (`b`).
  case canQuit = "CanQuit"
  /// `CanRaise` (`b`).
  case canRaise = "CanRaise"
  /// `HasTrackList` (`b`).
  case hasTrackList = "HasTrackList"
  /// `Identity` (`s`): the player's name for people.
  case identity = "Identity"
  /// `DesktopEntry` (`s`): the desktop file's name, without `.desktop`.
  case desktopEntry = "DesktopEntry"
  /// `SupportedUriSchemes` (`as`).
  case supportedURISchemes = "SupportedUriSchemes"
  /// `SupportedMimeTypes` (`as`).
  case supportedMIMETypes = "SupportedMimeTypes"
}
