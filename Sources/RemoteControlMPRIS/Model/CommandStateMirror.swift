import RemoteControl
import Synchronization

/// The latest ``CommandState`` of an application's command center, readable from any thread.
///
/// It is refreshed on the main actor each time the command center reports a change
/// (``RemoteCommandCenter/observeChanges(_:)``), so that the bus thread answers property reads
/// without ever waiting for the main actor.
final class CommandStateMirror: Sendable {
  private let state: Mutex<CommandState>

  /// A mirror of the command center as it is now.
  @MainActor
  init(_ center: RemoteCommandCenter) {
    state = Mutex(CommandState(center))
  }

  /// The state last copied.
  var current: CommandState { state.withLock { $0 } }

  /// Copies the command center's state again.
  @MainActor
  func refresh(from center: RemoteCommandCenter) {
    let fresh = CommandState(center)
    state.withLock { $0 = fresh }
  }
}
