import Synchronization

/// Which players the audio session holds interrupted (a call under way paused them), for the
/// player JSON's `isInterrupted`: the hub's audio session installs the question, the web remote
/// asks it.
package enum PlayerInterruptions {
  private static let question = Mutex<@Sendable (String) -> Bool>({ _ in false })

  /// Answers, from now on, whether the player whose connection's unique name is given is
  /// interrupted.
  package static func install(_ isInterrupted: @escaping @Sendable (String) -> Bool) {
    question.withLock { $0 = isInterrupted }
  }

  /// Whether the player whose connection is `owner` (`:1.42`) is interrupted.
  static func isInterrupted(_ owner: String) -> Bool {
    question.withLock { $0 }(owner)
  }
}
