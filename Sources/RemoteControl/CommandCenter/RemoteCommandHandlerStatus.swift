/// What a command target reports after handling an event.
///
/// The corresponding MediaPlayer type is `MPRemoteCommandHandlerStatus`.
public enum RemoteCommandHandlerStatus: Sendable, Hashable, CaseIterable {
  /// The command was carried out.
  case success
  /// The content the command asks for does not exist (say, no next track).
  case noSuchContent
  /// Nothing is playing that the command could act on.
  case noActionableNowPlayingItem
  /// The device the command needs (an output, a network) is not there.
  case deviceNotFound
  /// The command could not be carried out.
  case commandFailed
}
