/// What a command target reports after handling an event, with an optional message for the
/// controller that sent it.
///
/// The corresponding MediaPlayer type is `MPRemoteCommandHandlerStatus`; its cases are the
/// static members here (`return .noSuchContent`). Give the controller a reason with the
/// functions of the same names (`return .noSuchContent("the queue is empty")`): over MPRIS, each
/// status but ``success`` is a D-Bus error of its own name, carrying the message.
///
/// ## Equality
///
/// Two statuses are equal when their ``code`` and their ``message`` are: `.noSuchContent` and
/// `.noSuchContent("the queue is empty")` differ, because they tell the controller different
/// things. This is unlike the package's errors (`PlaybackQueueError`, `MediaPlayerError`…),
/// which are equal by code alone: an error is matched by its kind (`catch`,
/// `#expect(throws:)`) and its message may be reworded, while a status is the answer itself,
/// words included. To ask which status a handler returned, compare its ``code``
/// (`status.code == .noSuchContent`) or read ``isSuccess``.
public struct RemoteCommandHandlerStatus: Sendable, Hashable {
  /// Which status it is.
  public enum Code: Sendable, Hashable, CaseIterable {
    /// The command was carried out. MediaPlayer: `MPRemoteCommandHandlerStatus.success`.
    case success
    /// The content the command asks for does not exist (say, no next track).
    /// MediaPlayer: `MPRemoteCommandHandlerStatus.noSuchContent`.
    case noSuchContent
    /// Nothing is playing that the command could act on.
    /// MediaPlayer: `MPRemoteCommandHandlerStatus.noActionableNowPlayingItem`.
    case noActionableNowPlayingItem
    /// The device the command needs (an output, a network) is not there.
    /// MediaPlayer: `MPRemoteCommandHandlerStatus.deviceNotFound`.
    case deviceNotFound
    /// The command could not be carried out.
    /// MediaPlayer: `MPRemoteCommandHandlerStatus.commandFailed`.
    case commandFailed
  }

  /// Which status it is.
  public var code: Code
  /// Why, in words for the controller's user; `nil` when the handler gave none.
  public var message: String?

  /// A status with a code and, optionally, a message.
  @inlinable
  public init(_ code: Code, message: String? = nil) {
    self.code = code
    self.message = message
  }

  /// Whether the command was carried out: the code is ``Code/success``.
  @inlinable
  public var isSuccess: Bool { code == .success }

  // Computed and inlinable, not stored: a handler's `return .success` then builds the value in
  // place, with no lazily initialized global to check on every event.

  /// The command was carried out.
  @inlinable public static var success: Self { Self(.success) }
  /// The content the command asks for does not exist (say, no next track).
  @inlinable public static var noSuchContent: Self { Self(.noSuchContent) }
  /// Nothing is playing that the command could act on.
  @inlinable public static var noActionableNowPlayingItem: Self { Self(.noActionableNowPlayingItem) }
  /// The device the command needs (an output, a network) is not there.
  @inlinable public static var deviceNotFound: Self { Self(.deviceNotFound) }
  /// The command could not be carried out.
  @inlinable public static var commandFailed: Self { Self(.commandFailed) }

  /// The content the command asks for does not exist; `message` says which.
  public static func noSuchContent(_ message: String) -> Self { Self(.noSuchContent, message: message) }
  /// Nothing is playing that the command could act on; `message` says why.
  public static func noActionableNowPlayingItem(_ message: String) -> Self {
    Self(.noActionableNowPlayingItem, message: message)
  }
  /// The device the command needs is not there; `message` says which.
  public static func deviceNotFound(_ message: String) -> Self { Self(.deviceNotFound, message: message) }
  /// The command could not be carried out; `message` says why.
  public static func commandFailed(_ message: String) -> Self { Self(.commandFailed, message: message) }
}
