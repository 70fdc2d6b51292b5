package import RemoteControl

/// What a backend mirrors of an application, readable from any thread: its command center's
/// state and its Now Playing snapshot.
package struct ApplicationState: Sendable, Hashable {
  /// The command center's state.
  package var commands: CommandState
  /// The Now Playing info, playback state and position report.
  package var nowPlaying: NowPlayingSnapshot
  /// The queue and playlists, and which of their commands are handled.
  package var queue: QueueState
  /// What became of the last event of each command delivered since the mirror started.
  package var lastOutcomes: [RemoteCommandKind: CommandOutcome] = [:]

  /// A state made of these parts.
  package init(commands: CommandState, nowPlaying: NowPlayingSnapshot, queue: QueueState = QueueState()) {
    self.commands = commands
    self.nowPlaying = nowPlaying
    self.queue = queue
  }

  /// A copy of the application's state now.
  @MainActor
  package init(_ application: Application) {
    self.init(
      commands: CommandState(application.commandCenter),
      nowPlaying: application.nowPlayingInfoCenter.snapshot,
      queue: QueueState(application))
  }

  /// Takes in a change the mirror reported.
  package mutating func apply(_ change: ApplicationMirror.Change) {
    switch change {
    case .commands(let commands): self.commands = commands
    case .nowPlaying(let snapshot): nowPlaying = snapshot
    case .queue(let queue): self.queue = queue
    case .delivered(let kind, let outcome): lastOutcomes[kind] = outcome
    }
  }
}
