package import RemoteControl
import Synchronization

/// Keeps a backend's copy of an application's queue up to date (``QueueState``), reported on
/// each change of the playback queue center (on the thread that made it) and each change of the
/// queue's commands (on the main actor), until ``stop()``.
///
/// It reports ``ApplicationMirror/Change/queue(_:)`` through the same callback as the
/// application's ``ApplicationMirror``; copy the baseline with ``QueueState/init(_:)`` in the
/// same main-actor turn as you create it.
package final class QueueMirror: Sendable {
  /// The state last reported, shared by the two observers.
  private final class LastState: Sendable {
    let state: Mutex<QueueState>
    init(_ state: QueueState) { self.state = Mutex(state) }
  }

  private let application: Application
  private let center: PlaybackQueueCenter
  private let queueToken: ObservationToken
  private let commandsToken: ObservationToken

  /// Reports each change of `application`'s queue from now on to `onChange`.
  @MainActor
  package init(_ application: Application, onChange: @escaping @Sendable (ApplicationMirror.Change) -> Void) {
    let last = LastState(QueueState(application))
    self.application = application
    self.center = application.playbackQueueCenter
    queueToken = center.observe { content in
      let state = last.state.withLock { state in
        state.content = content
        return state
      }
      onChange(.queue(state))
    }
    let commandCenter = application.commandCenter
    commandsToken = commandCenter.observeChanges { [weak commandCenter] command in
      guard let commandCenter, QueueState.commandKinds.contains(command.kind) else { return }
      let handled = QueueState.handledCommands(of: commandCenter)
      let state = last.state.withLock { state -> QueueState? in
        guard state.handledCommands != handled else { return nil }
        state.handledCommands = handled
        return state
      }
      if let state { onChange(.queue(state)) }
    }
  }

  /// Stops reporting.
  package func stop() {
    center.removeObserver(queueToken)
    let application = application
    let commandsToken = commandsToken
    Task { @MainActor in application.commandCenter.removeObserver(commandsToken) }
  }
}
