import RemoteControl

/// The values of the `org.mpris.MediaPlayer2` properties that can change while the player runs.
///
/// `Identity`, `DesktopEntry`, `SupportedUriSchemes`, `SupportedMimeTypes` and `HasTrackList` come
/// from the configuration and never change.
struct RootProperties: Sendable, Hashable {
  /// `CanQuit` (`b`): the quit command is enabled.
  var canQuit: Bool
  /// `CanRaise` (`b`): the raise command is enabled.
  var canRaise: Bool

  /// The properties for a command center state.
  init(commands: CommandState) {
    canQuit = commands.isEnabled(.quit)
    canRaise = commands.isEnabled(.raise)
  }

  /// The properties whose values differ from `old`.
  func changes(since old: RootProperties) -> [RootProperty] {
    RootProperty.allCases.filter { !$0.hasSameValue(in: self, as: old) }
  }
}
