import RemoteControl
import RemoteControlBackend

/// What the MPRIS properties are computed from: the player's configuration and the application
/// as last mirrored.
///
/// Each MPRIS rule that turns the application's state into a property value is written here
/// once; the property tables (``PlayerInterface/propertyTable``,
/// ``MediaPlayer2Interface/propertyTable(for:)``) say how each value goes on the bus, and the
/// methods gate their calls on the same values.
struct MediaPlayerModel: Sendable {
  /// How the player appears.
  let configuration: MediaPlayerConfiguration
  /// The command center's state and the Now Playing snapshot.
  var application: ApplicationState

  /// `PlaybackStatus`: the playback state, as MPRIS says it.
  var playbackStatus: PlaybackStatus { PlaybackStatus(application.nowPlaying.playbackState) }
  /// `LoopStatus`: the repeat mode, as MPRIS says it.
  var loopStatus: LoopStatus { LoopStatus(application.commands.repeatMode) }
  /// `Rate`: the reported position state's rate, 1 when none was reported.
  var rate: Double { application.nowPlaying.positionState?.playbackRate ?? 1 }
  /// `Shuffle`: any shuffle mode but off.
  var shuffle: Bool { application.commands.shuffleMode != .off }
  /// `Metadata`.
  var metadata: Metadata {
    Metadata(
      application.nowPlaying, minimumRating: application.commands.details.minimumRating,
      maximumRating: application.commands.details.maximumRating)
  }
  /// The metadata of a queue item (`GetTracksMetadata`, `TrackAdded`, `TrackMetadataChanged`),
  /// its rating on the same scale as the Player's `Metadata`.
  func metadata(of item: QueueItem) -> Metadata {
    Metadata(
      item, minimumRating: application.commands.details.minimumRating,
      maximumRating: application.commands.details.maximumRating,
      artworkURL: application.queue.content.artworkURLs[item.id])
  }
  /// `Volume`.
  var volume: Double { application.commands.volume }
  /// `MinimumRate`.
  var minimumRate: Double { application.commands.minimumRate }
  /// `MaximumRate`.
  var maximumRate: Double { application.commands.maximumRate }
  /// The rates a `Rate` write must be one of: those the app declared, while the rate command is
  /// offered (a player that handles no rate answers as it does for any command it does not
  /// handle); `nil` otherwise.
  var declaredPlaybackRates: [Double]? {
    application.commands.isOffered(.changePlaybackRate) ? application.commands.declaredPlaybackRates : nil
  }
  /// `mpris:length` of the item playing now.
  var length: Microseconds? { application.nowPlaying.length }

  /// `CanGoNext`: the next-track command is offered.
  var canGoNext: Bool { offers(.nextTrack) }
  /// `CanGoPrevious`: the previous-track command is offered.
  var canGoPrevious: Bool { offers(.previousTrack) }
  /// `CanPlay`: the play command is offered.
  var canPlay: Bool { offers(.play) }
  /// `CanPause`: the pause command is offered.
  var canPause: Bool { offers(.pause) }
  /// `CanSeek`: changing the position or skipping is offered.
  var canSeek: Bool { offers(.changePlaybackPosition) || offers(.skipForward) || offers(.skipBackward) }
  /// `CanQuit`: the quit command is offered (enabled, with a target).
  var canQuit: Bool { application.commands.isOffered(.quit) }
  /// `CanRaise`: the raise command is offered (enabled, with a target).
  var canRaise: Bool { application.commands.isOffered(.raise) }

  /// Whether controllers may use a command of `org.mpris.MediaPlayer2.Player`: it is offered
  /// (``RemoteCommand/isOffered``: enabled, and a target or the responder chain can handle it),
  /// and `CanControl` is `true` (when it is `false`, every `Can*` is `false`, as the spec asks).
  ///
  /// This is the one place a call is gated: the methods check the same `Can*` value controllers
  /// read, and the application then routes the event it gets (its targets, or the responder
  /// chain) without deciding again whether the call was allowed.
  func offers(_ kind: RemoteCommandKind) -> Bool {
    configuration.canControl && application.commands.isOffered(kind)
  }
}
