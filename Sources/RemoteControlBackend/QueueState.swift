package import RemoteControl

/// What a backend mirrors of an application's queue, readable from any thread: the queue and
/// playlists, and which of the queue's commands are handled.
///
/// MPRIS exports `org.mpris.MediaPlayer2.TrackList` and `org.mpris.MediaPlayer2.Playlists`
/// from it, and gates `GoTo`, `AddTrack`, `RemoveTrack` and `ActivatePlaylist` on
/// ``isHandled(_:)``.
package struct QueueState: Sendable, Hashable {
  /// The commands of the queue: going to an item, adding and removing one, activating a playlist.
  package static let commandKinds: [RemoteCommandKind] = [
    .goToQueueItem, .addQueueItem, .removeQueueItem, .activatePlaylist,
  ]

  /// The queue and playlists.
  package var content: PlaybackQueueCenter.Snapshot
  /// The queue's commands that are enabled and have targets.
  package var handledCommands: Set<RemoteCommandKind>

  /// A state of these parts; by default no queue, no playlists, nothing handled.
  package init(content: PlaybackQueueCenter.Snapshot = .init(), handledCommands: Set<RemoteCommandKind> = [])
  {
    self.content = content
    self.handledCommands = handledCommands
  }

  /// A copy of the application's queue state now.
  @MainActor
  package init(_ application: Application) {
    self.init(
      content: application.playbackQueueCenter.snapshot,
      handledCommands: Self.handledCommands(of: application.commandCenter))
  }

  /// The queue's commands of `center` that are enabled and have targets.
  @MainActor
  package static func handledCommands(of center: RemoteCommandCenter) -> Set<RemoteCommandKind> {
    Set(commandKinds.filter { center.command(for: $0).isEnabled && center.command(for: $0).hasTargets })
  }

  /// Whether `kind` is enabled and has targets.
  package func isHandled(_ kind: RemoteCommandKind) -> Bool { handledCommands.contains(kind) }
}
