/// The methods of `org.mpris.MediaPlayer2`, by their MPRIS names.
public enum RootMethod: String, Sendable, Hashable, CaseIterable {
  /// `Raise()`: `RemoteCommandKind.raise`.
  case raise = "Raise"
  /// `Quit()`: `RemoteCommandKind.quit`.
  case quit = "Quit"
}
