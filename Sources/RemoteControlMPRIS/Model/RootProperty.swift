/// The `org.mpris.MediaPlayer2` properties whose changes are announced, by their MPRIS names.
enum RootProperty: String, Sendable, Hashable, CaseIterable {
  /// `CanQuit`.
  case canQuit = "CanQuit"
  /// `CanRaise`.
  case canRaise = "CanRaise"

  func hasSameValue(in new: RootProperties, as old: RootProperties) -> Bool {
    switch self {
    case .canQuit: new.canQuit == old.canQuit
    case .canRaise: new.canRaise == old.canRaise
    }
  }
}
