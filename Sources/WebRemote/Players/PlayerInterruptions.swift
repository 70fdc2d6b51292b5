import Synchronization

/// Which players the audio session holds interrupted (a call under way paused them), for the
/// player JSON's `isInterrupted`: the hub's audio session installs the question, the web remote
/// asks it.
package enum PlayerInterruptions {
  private static let question = Mutex<@Sendable (String) -> Bool>({ _ in false })
  private static let presses = Mutex<@Sendable (String) -> Void>({ _ in })

  /// Answers, from now on, whether the player whose connection's unique name is given is
  /// interrupted.
  package static func install(_ isInterrupted: @escaping @Sendable (String) -> Bool) {
    question.withLock { $0 = isInterrupted }
  }

  /// Whether the player whose connection is `owner` (`:1.42`) is interrupted.
  static func isInterrupted(_ owner: String) -> Bool {
    question.withLock { $0 }(owner)
  }

  /// Tells the audio session, from now on, of every play, pause, play-pause or stop the web
  /// remote sends: the user's press, which a call's end does not undo.
  package static func onPress(_ pressed: @escaping @Sendable (String) -> Void) {
    presses.withLock { $0 = pressed }
  }

  /// The user pressed play, pause, play-pause or stop on the player whose connection is `owner`.
  static func pressed(_ owner: String) {
    presses.withLock { $0 }(owner)
  }
}
