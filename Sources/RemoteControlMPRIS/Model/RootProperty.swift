/// The properties of `org.mpris.MediaPlayer2`, by their MPRIS names.
///
/// The player declares each it implements in its property table; controllers read them by these
/// names. This package's player has no fullscreen mode, so it exports neither ``fullscreen`` nor
/// ``canSetFullscreen`` (both optional in MPRIS 2.2).
public enum RootProperty: String, Sendable, Hashable, CaseIterable {
  /// `CanQuit` (`b`).
  case canQuit = "CanQuit"
  /// `Fullscreen` (`b`, writable, optional): whether the player is shown fullscreen.
  case fullscreen = "Fullscreen"
  /// `CanSetFullscreen` (`b`, optional): whether a write of ``fullscreen`` may take effect.
  case canSetFullscreen = "CanSetFullscreen"
  /// `CanRaise` (`b`).
  case canRaise = "CanRaise"
  /// `HasTrackList` (`b`).
  case hasTrackList = "HasTrackList"
  /// `Identity` (`s`): the player's name for people.
  case identity = "Identity"
  /// `DesktopEntry` (`s`, optional): the desktop file's name, without `.desktop`.
  case desktopEntry = "DesktopEntry"
  /// `SupportedUriSchemes` (`as`).
  case supportedURISchemes = "SupportedUriSchemes"
  /// `SupportedMimeTypes` (`as`).
  case supportedMIMETypes = "SupportedMimeTypes"
}
