/// The commands an app offers to remote controls, each with its own targets.
///
/// The corresponding MediaPlayer class is `MPRemoteCommandCenter`. Every command is enabled
/// and has no targets at first; an event whose command has no targets (or is disabled) goes
/// on to the responder chain. Changes to any command (enabled, targets, settings such as the
/// supported rates) are reported to ``observeChanges(_:)``, so a backend such as MPRIS can
/// re-publish what controllers may do.
@MainActor
public final class RemoteCommandCenter {
  /// Start or resume playback. MPRIS: `Play`, `CanPlay`.
  public let playCommand = RemoteCommand(.play)
  /// Pause. MPRIS: `Pause`, `CanPause`.
  public let pauseCommand = RemoteCommand(.pause)
  /// Stop. MPRIS: `Stop` (`CanControl`).
  public let stopCommand = RemoteCommand(.stop)
  /// Toggle between playing and paused. MPRIS: `PlayPause`.
  public let togglePlayPauseCommand = RemoteCommand(.togglePlayPause)
  /// Next track. MPRIS: `Next`, `CanGoNext`.
  public let nextTrackCommand = RemoteCommand(.nextTrack)
  /// Previous track. MPRIS: `Previous`, `CanGoPrevious`.
  public let previousTrackCommand = RemoteCommand(.previousTrack)
  /// Begin and end seeking forward (a held button).
  public let seekForwardCommand = RemoteCommand(.seekForward)
  /// Begin and end seeking backward (a held button).
  public let seekBackwardCommand = RemoteCommand(.seekBackward)
  /// Skip forward by an interval. MPRIS: `Seek` with a positive offset, `CanSeek`.
  public let skipForwardCommand = SkipIntervalCommand(.skipForward)
  /// Skip backward by an interval. MPRIS: `Seek` with a negative offset, `CanSeek`.
  public let skipBackwardCommand = SkipIntervalCommand(.skipBackward)
  /// Move to a position. MPRIS: `SetPosition`, `CanSeek`.
  public let changePlaybackPositionCommand = ChangePlaybackPositionCommand(.changePlaybackPosition)
  /// Change the rate. MPRIS: `Rate`, `MinimumRate`, `MaximumRate`.
  public let changePlaybackRateCommand = ChangePlaybackRateCommand(.changePlaybackRate)
  /// Change the repeat mode. MPRIS: `LoopStatus`.
  public let changeRepeatModeCommand = ChangeRepeatModeCommand(.changeRepeatMode)
  /// Change the shuffle mode. MPRIS: `Shuffle`.
  public let changeShuffleModeCommand = ChangeShuffleModeCommand(.changeShuffleMode)
  /// Rate the current item.
  public let ratingCommand = RatingCommand(.rating)
  /// Like the current item.
  public let likeCommand = FeedbackCommand(.like)
  /// Dislike the current item.
  public let dislikeCommand = FeedbackCommand(.dislike)
  /// Bookmark the current item.
  public let bookmarkCommand = FeedbackCommand(.bookmark)
  /// Turn on a language option. Extension interface: `EnableLanguageOption`.
  public let enableLanguageOptionCommand = LanguageOptionCommand(.enableLanguageOption)
  /// Turn off a language option. Extension interface: `DisableLanguageOption`.
  public let disableLanguageOptionCommand = LanguageOptionCommand(.disableLanguageOption)
  /// Set the volume. MPRIS: `Volume`.
  public let changeVolumeCommand = ChangeVolumeCommand(.changeVolume)
  /// Open a URI. MPRIS: `OpenUri`.
  public let openURICommand = OpenURICommand(.openURI)
  /// Bring the app to the front. MPRIS: `Raise`, `CanRaise`.
  public let raiseCommand = RemoteCommand(.raise)
  /// Quit the app. MPRIS: `Quit`, `CanQuit`.
  public let quitCommand = RemoteCommand(.quit)
  /// Play a queue item. MPRIS: `TrackList.GoTo`.
  public let goToQueueItemCommand = QueueItemCommand(.goToQueueItem)
  /// Add an item to the queue. MPRIS: `TrackList.AddTrack`, `CanEditTracks`.
  public let addQueueItemCommand = AddQueueItemCommand(.addQueueItem)
  /// Remove a queue item. MPRIS: `TrackList.RemoveTrack`, `CanEditTracks`.
  public let removeQueueItemCommand = QueueItemCommand(.removeQueueItem)
  /// Make a playlist the queue. MPRIS: `Playlists.ActivatePlaylist`.
  public let activatePlaylistCommand = QueueItemCommand(.activatePlaylist)

  private var observers = ObserverList<@MainActor (RemoteCommand) -> Void>()

  /// Creates a command center with every command enabled and without targets.
  public init() {
    for command in allCommands { command.center = self }
  }

  /// Every command, in the order of ``RemoteCommandKind``.
  public var allCommands: [RemoteCommand] { RemoteCommandKind.allCases.map(command(for:)) }

  /// The command of a kind.
  public func command(for kind: RemoteCommandKind) -> RemoteCommand {
    switch kind {
    case .play: playCommand
    case .pause: pauseCommand
    case .stop: stopCommand
    case .togglePlayPause: togglePlayPauseCommand
    case .nextTrack: nextTrackCommand
    case .previousTrack: previousTrackCommand
    case .seekForward: seekForwardCommand
    case .seekBackward: seekBackwardCommand
    case .skipForward: skipForwardCommand
    case .skipBackward: skipBackwardCommand
    case .changePlaybackPosition: changePlaybackPositionCommand
    case .changePlaybackRate: changePlaybackRateCommand
    case .changeRepeatMode: changeRepeatModeCommand
    case .changeShuffleMode: changeShuffleModeCommand
    case .rating: ratingCommand
    case .like: likeCommand
    case .dislike: dislikeCommand
    case .bookmark: bookmarkCommand
    case .enableLanguageOption: enableLanguageOptionCommand
    case .disableLanguageOption: disableLanguageOptionCommand
    case .changeVolume: changeVolumeCommand
    case .openURI: openURICommand
    case .raise: raiseCommand
    case .quit: quitCommand
    case .goToQueueItem: goToQueueItemCommand
    case .addQueueItem: addQueueItemCommand
    case .removeQueueItem: removeQueueItemCommand
    case .activatePlaylist: activatePlaylistCommand
    }
  }

  /// The command that handles an event's command.
  public func command(for command: RemoteControlEvent.Command) -> RemoteCommand {
    self.command(for: RemoteCommandKind(command))
  }

  // MARK: - Observation

  /// Calls `observer` with each command that changes from now on: enabled or disabled, a first
  /// target added or the last removed, or a setting changed.
  ///
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observeChanges(_ observer: @escaping @MainActor (RemoteCommand) -> Void)
    -> ObservationToken
  {
    observers.add(observer)
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    observers.remove(token)
  }

  /// Each command that changes from the moment of the call; ends when the iterating task is
  /// cancelled.
  public var changes: AsyncStream<RemoteCommandKind> {
    let (stream, continuation) = AsyncStream.makeStream(of: RemoteCommandKind.self)
    let token = observeChanges { continuation.yield($0.kind) }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.removeObserver(token) }
    }
    return stream
  }

  /// Why the command center refuses `event` before any target runs: a rate the app did not
  /// declare (``ChangePlaybackRateCommand/refusal(of:)``); `nil` for every other event.
  func refusal(of event: RemoteControlEvent) -> RemoteCommandHandlerStatus? {
    guard case .changePlaybackRate(let rate) = event.command else { return nil }
    return changePlaybackRateCommand.refusal(of: rate)
  }

  func commandDidChange(_ command: RemoteCommand) {
    let current = observers  // an observer may add or remove observers
    for observer in current { observer(command) }
  }
}
