package import RemoteControl

/// Keeps a backend's copy of an application up to date: its command center's state, its Now
/// Playing snapshot and the outcome of each delivered event, reported on each change, until
/// ``stop()``.
///
/// Copy the baseline with ``ApplicationState/init(_:)`` in the same main-actor turn as you
/// create the mirror, so no command-center change falls between the baseline and the first
/// report. Command-center changes are reported on the main actor; Now Playing changes on the
/// thread that made them (the info center is thread-safe). The backend keeps what it derives
/// under its own lock, in the order the reports arrive.
package final class ApplicationMirror: Sendable {
  /// A change of the application.
  package enum Change: Sendable {
    /// The command center changed; this is its state now.
    case commands(CommandState)
    /// The Now Playing info changed; this is the new snapshot.
    case nowPlaying(NowPlayingSnapshot)
    /// The queue, the playlists or the queue's commands changed (reported by ``QueueMirror``).
    case queue(QueueState)
    /// An event of this command was delivered, with this outcome.
    case delivered(RemoteCommandKind, CommandOutcome)
  }

  private let application: Application
  private let nowPlaying: NowPlayingInfoCenter
  private let nowPlayingToken: ObservationToken
  private let commandsToken: ObservationToken
  private let eventsToken: ObservationToken

  /// Reports each change of `application` from now on to `onChange`.
  @MainActor
  package init(_ application: Application, onChange: @escaping @Sendable (Change) -> Void) {
    let center = application.commandCenter
    self.application = application
    nowPlaying = application.nowPlayingInfoCenter
    nowPlayingToken = nowPlaying.observe { onChange(.nowPlaying($0)) }
    commandsToken = center.observeChanges { [weak center] _ in
      guard let center else { return }
      onChange(.commands(CommandState(center)))
    }
    eventsToken = application.observeEvents { delivery in
      onChange(.delivered(RemoteCommandKind(delivery.event.command), CommandOutcome(delivery.outcome)))
    }
  }

  /// Stops reporting. Command-center changes already under way on the main actor may still
  /// be reported.
  package func stop() {
    nowPlaying.removeObserver(nowPlayingToken)
    let application = application
    let commandsToken = commandsToken
    let eventsToken = eventsToken
    Task { @MainActor in
      application.commandCenter.removeObserver(commandsToken)
      application.removeObserver(eventsToken)
    }
  }
}
