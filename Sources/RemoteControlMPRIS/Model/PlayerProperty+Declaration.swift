import DBus

extension PlayerProperty: MediaPlayerProperty {
  /// `org.mpris.MediaPlayer2.Player`.
  package static var interface: MediaPlayerInterface { .player }

  /// The MPRIS 2.2 declaration: `LoopStatus` and `Shuffle` are optional; `Position` and
  /// `CanControl` are never announced (`EmitsChangedSignal` is `false`).
  package var declaration: PropertyDeclaration {
    switch self {
    case .playbackStatus: PropertyDeclaration(self, "s")
    case .loopStatus: PropertyDeclaration(self, "s", writable: true, required: false)
    case .rate: PropertyDeclaration(self, "d", writable: true)
    case .shuffle: PropertyDeclaration(self, "b", writable: true, required: false)
    case .metadata: PropertyDeclaration(self, "a{sv}")
    case .volume: PropertyDeclaration(self, "d", writable: true)
    case .position: PropertyDeclaration(self, "x", change: .none)
    case .minimumRate: PropertyDeclaration(self, "d")
    case .maximumRate: PropertyDeclaration(self, "d")
    case .canGoNext: PropertyDeclaration(self, "b")
    case .canGoPrevious: PropertyDeclaration(self, "b")
    case .canPlay: PropertyDeclaration(self, "b")
    case .canPause: PropertyDeclaration(self, "b")
    case .canSeek: PropertyDeclaration(self, "b")
    case .canControl: PropertyDeclaration(self, "b", change: .none)
    }
  }
}
