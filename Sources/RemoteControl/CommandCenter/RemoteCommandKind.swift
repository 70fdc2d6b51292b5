/// Names the commands of a ``RemoteCommandCenter``, one per property.
public enum RemoteCommandKind: Sendable, Hashable, CaseIterable {
  /// ``RemoteCommandCenter/playCommand``.
  case play
  /// ``RemoteCommandCenter/pauseCommand``.
  case pause
  /// ``RemoteCommandCenter/stopCommand``.
  case stop
  /// ``RemoteCommandCenter/togglePlayPauseCommand``.
  case togglePlayPause
  /// ``RemoteCommandCenter/nextTrackCommand``.
  case nextTrack
  /// ``RemoteCommandCenter/previousTrackCommand``.
  case previousTrack
  /// ``RemoteCommandCenter/seekForwardCommand``.
  case seekForward
  /// ``RemoteCommandCenter/seekBackwardCommand``.
  case seekBackward
  /// ``RemoteCommandCenter/skipForwardCommand``.
  case skipForward
  /// ``RemoteCommandCenter/skipBackwardCommand``.
  case skipBackward
  /// ``RemoteCommandCenter/changePlaybackPositionCommand``.
  case changePlaybackPosition
  /// ``RemoteCommandCenter/changePlaybackRateCommand``.
  case changePlaybackRate
  /// ``RemoteCommandCenter/changeRepeatModeCommand``.
  case changeRepeatMode
  /// ``RemoteCommandCenter/changeShuffleModeCommand``.
  case changeShuffleMode
  /// ``RemoteCommandCenter/ratingCommand``.
  case rating
  /// ``RemoteCommandCenter/likeCommand``.
  case like
  /// ``RemoteCommandCenter/dislikeCommand``.
  case dislike
  /// ``RemoteCommandCenter/bookmarkCommand``.
  case bookmark
  /// ``RemoteCommandCenter/enableLanguageOptionCommand``.
  case enableLanguageOption
  /// ``RemoteCommandCenter/disableLanguageOptionCommand``.
  case disableLanguageOption
  /// ``RemoteCommandCenter/changeVolumeCommand``.
  case changeVolume
  /// ``RemoteCommandCenter/openURICommand``.
  case openURI
  /// ``RemoteCommandCenter/raiseCommand``.
  case raise
  /// ``RemoteCommandCenter/quitCommand``.
  case quit
  /// ``RemoteCommandCenter/goToQueueItemCommand``.
  case goToQueueItem
  /// ``RemoteCommandCenter/addQueueItemCommand``.
  case addQueueItem
  /// ``RemoteCommandCenter/removeQueueItemCommand``.
  case removeQueueItem
  /// ``RemoteCommandCenter/activatePlaylistCommand``.
  case activatePlaylist

  /// The command center command that handles an event's command.
  public init(_ command: borrowing RemoteControlEvent.Command) {
    switch command {
    case .play: self = .play
    case .pause: self = .pause
    case .stop: self = .stop
    case .togglePlayPause: self = .togglePlayPause
    case .nextTrack: self = .nextTrack
    case .previousTrack: self = .previousTrack
    case .beginSeekingForward, .endSeekingForward: self = .seekForward
    case .beginSeekingBackward, .endSeekingBackward: self = .seekBackward
    case .skipForward: self = .skipForward
    case .skipBackward: self = .skipBackward
    case .changePlaybackPosition: self = .changePlaybackPosition
    case .changePlaybackRate: self = .changePlaybackRate
    case .changeRepeatMode: self = .changeRepeatMode
    case .changeShuffleMode: self = .changeShuffleMode
    case .changeRating: self = .rating
    case .like: self = .like
    case .dislike: self = .dislike
    case .bookmark: self = .bookmark
    case .enableLanguageOption: self = .enableLanguageOption
    case .disableLanguageOption: self = .disableLanguageOption
    case .changeVolume: self = .changeVolume
    case .openURI: self = .openURI
    case .raise: self = .raise
    case .quit: self = .quit
    case .goToQueueItem: self = .goToQueueItem
    case .addQueueItem: self = .addQueueItem
    case .removeQueueItem: self = .removeQueueItem
    case .activatePlaylist: self = .activatePlaylist
    }
  }

  /// Whether events of this command also reach the responder chain's
  /// ``Responder/remoteControlReceived(with:)`` as UIKit delivers them: the commands of the ten
  /// ``RemoteControlEvent/Subtype`` values (play, pause, stop, toggle, next, previous, and the
  /// held seek buttons).
  ///
  /// Such a command is offered when enabled even without a target, since a responder may
  /// handle it and cannot say beforehand that it will (see ``RemoteCommand/isOffered``). Every
  /// other command is offered only while it has a target, as MediaPlayer shows only commands
  /// with targets.
  public var reachesResponders: Bool {
    switch self {
    case .play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .seekForward, .seekBackward:
      true
    case .skipForward, .skipBackward, .changePlaybackPosition, .changePlaybackRate, .changeRepeatMode,
      .changeShuffleMode, .rating, .like, .dislike, .bookmark, .enableLanguageOption,
      .disableLanguageOption, .changeVolume, .openURI, .raise, .quit, .goToQueueItem, .addQueueItem,
      .removeQueueItem, .activatePlaylist:
      false
    }
  }
}
