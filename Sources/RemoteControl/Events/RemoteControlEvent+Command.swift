extension RemoteControlEvent {
  /// What a remote control event asks the app to do.
  ///
  /// The first ten cases are UIKit's remote-control subtypes; the others are the commands of
  /// MediaPlayer's `MPRemoteCommandCenter` and the extras MPRIS adds (volume, open URI, raise,
  /// quit). Payloads are already validated by whoever built the event only as far as their
  /// type says; handlers decide what is out of range for their content.
  public enum Command: Sendable, Hashable {
    /// Start or resume playback. MPRIS: `Player.Play`.
    case play
    /// Pause playback. MPRIS: `Player.Pause`.
    case pause
    /// Stop playback. MPRIS: `Player.Stop`.
    case stop
    /// Play if paused, pause if playing. MPRIS: `Player.PlayPause`.
    case togglePlayPause
    /// Skip to the next track. MPRIS: `Player.Next`.
    case nextTrack
    /// Skip to the previous track. MPRIS: `Player.Previous`.
    case previousTrack
    /// A held "rewind" button went down. MediaPlayer: `seekBackwardCommand`, `.beginSeeking`.
    case beginSeekingBackward
    /// A held "rewind" button came up. MediaPlayer: `seekBackwardCommand`, `.endSeeking`.
    case endSeekingBackward
    /// A held "fast forward" button went down. MediaPlayer: `seekForwardCommand`, `.beginSeeking`.
    case beginSeekingForward
    /// A held "fast forward" button came up. MediaPlayer: `seekForwardCommand`, `.endSeeking`.
    case endSeekingForward
    /// Jump ahead by an interval. MediaPlayer: `skipForwardCommand`; MPRIS: `Player.Seek` with a
    /// positive offset.
    case skipForward(Duration)
    /// Jump back by an interval. MediaPlayer: `skipBackwardCommand`; MPRIS: `Player.Seek` with a
    /// negative offset.
    case skipBackward(Duration)
    /// Move to a position in the current item. MediaPlayer: `changePlaybackPositionCommand`;
    /// MPRIS: `Player.SetPosition`.
    case changePlaybackPosition(Duration)
    /// Play at a rate (1 is normal speed). MediaPlayer: `changePlaybackRateCommand`;
    /// MPRIS: the `Player.Rate` property.
    case changePlaybackRate(Double)
    /// Repeat nothing, the current item or the whole queue. MediaPlayer:
    /// `changeRepeatModeCommand`; MPRIS: `Player.LoopStatus`.
    case changeRepeatMode(RepeatMode)
    /// Play the queue in order or shuffled. MediaPlayer: `changeShuffleModeCommand`;
    /// MPRIS: `Player.Shuffle`.
    case changeShuffleMode(ShuffleMode)
    /// Give the current item a rating, within the ``RatingCommand``'s
    /// ``RatingCommand/minimumRating`` and ``RatingCommand/maximumRating``. MediaPlayer:
    /// `ratingCommand` (`MPRatingCommandEvent.rating`).
    case changeRating(Double)
    /// Like the current item, or take the like back when `isNegative`. MediaPlayer: `likeCommand`.
    case like(isNegative: Bool)
    /// Dislike the current item, or take the dislike back when `isNegative`.
    /// MediaPlayer: `dislikeCommand`.
    case dislike(isNegative: Bool)
    /// Bookmark the current item, or remove the bookmark when `isNegative`.
    /// MediaPlayer: `bookmarkCommand`.
    case bookmark(isNegative: Bool)
    /// Turn on a language option (an audio track or subtitles).
    /// MediaPlayer: `enableLanguageOptionCommand`.
    case enableLanguageOption(LanguageOption)
    /// Turn off a language option. MediaPlayer: `disableLanguageOptionCommand`.
    case disableLanguageOption(LanguageOption)
    /// Set the volume (1 is full volume; above 1 amplifies). MPRIS: `Player.Volume`.
    case changeVolume(Double)
    /// Open and play a URI. MPRIS: `Player.OpenUri`.
    case openURI(String)
    /// Bring the app's window to the front. MPRIS: `MediaPlayer2.Raise`.
    case raise
    /// Quit the app. MPRIS: `MediaPlayer2.Quit`.
    case quit
    /// Play the queue item with this identifier. MPRIS: `TrackList.GoTo`.
    case goToQueueItem(String)
    /// Add the item at a URI to the queue. MPRIS: `TrackList.AddTrack`.
    case addQueueItem(QueueItemAddition)
    /// Remove the queue item with this identifier. MPRIS: `TrackList.RemoveTrack`.
    case removeQueueItem(String)
    /// Make the playlist with this identifier the queue. MPRIS: `Playlists.ActivatePlaylist`.
    case activatePlaylist(String)
  }
}

// MARK: - Payload types

/// Whether the queue or the current item repeats.
///
/// The corresponding MediaPlayer type is `MPRepeatType`; MPRIS's `LoopStatus` values
/// `None`, `Track` and `Playlist` correspond to ``off``, ``one`` and ``all``.
public enum RepeatMode: Sendable, Hashable, CaseIterable {
  /// Play through once.
  case off
  /// Repeat the current item.
  case one
  /// Repeat the whole queue.
  case all
}

/// Whether the queue plays in order or shuffled.
///
/// The corresponding MediaPlayer type is `MPShuffleType`; MPRIS's boolean `Shuffle` is
/// ``off`` or not ``off``.
public enum ShuffleMode: Sendable, Hashable, CaseIterable {
  /// Play in order.
  case off
  /// Shuffle items.
  case items
  /// Shuffle collections (albums), keeping each in order.
  case collections
}

/// A language option of the current item: an audio track or a subtitle track.
///
/// The corresponding MediaPlayer type is `MPNowPlayingInfoLanguageOption`.
public struct LanguageOption: Sendable, Hashable {
  /// Whether the option is heard or read.
  public enum Kind: Sendable, Hashable {
    /// An audio track.
    case audible
    /// Subtitles or captions.
    case legible
  }

  /// Heard or read.
  public var kind: Kind
  /// A BCP 47 language tag, such as `en` or `pt-BR`.
  public var languageTag: String
  /// A name to show the user.
  public var displayName: String
  /// The app's own identifier for the option.
  public var identifier: String

  /// Creates a language option.
  public init(kind: Kind, languageTag: String, displayName: String, identifier: String) {
    self.kind = kind
    self.languageTag = languageTag
    self.displayName = displayName
    self.identifier = identifier
  }
}
