import DBus

extension RootProperty: MediaPlayerProperty {
  /// `org.mpris.MediaPlayer2`.
  package static var interface: MediaPlayerInterface { .root }

  /// The MPRIS 2.2 declaration: `Fullscreen`, `CanSetFullscreen` and `DesktopEntry` are optional.
  package var declaration: PropertyDeclaration {
    switch self {
    case .canQuit: PropertyDeclaration(self, "b")
    case .fullscreen: PropertyDeclaration(self, "b", writable: true, required: false)
    case .canSetFullscreen: PropertyDeclaration(self, "b", required: false)
    case .canRaise: PropertyDeclaration(self, "b")
    case .hasTrackList: PropertyDeclaration(self, "b")
    case .identity: PropertyDeclaration(self, "s")
    case .desktopEntry: PropertyDeclaration(self, "s", required: false)
    case .supportedURISchemes: PropertyDeclaration(self, "as")
    case .supportedMIMETypes: PropertyDeclaration(self, "as")
    }
  }
}
