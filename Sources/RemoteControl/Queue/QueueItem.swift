/// One item of the playback queue: its own Now Playing info and an identifier that stays the
/// same for as long as the item is in the queue.
///
/// MediaPlayer has no public queue item type (its queue is `MPNowPlayingInfoPropertyPlaybackQueueIndex`
/// and `…Count`); MPRIS publishes each item as a track of `org.mpris.MediaPlayer2.TrackList`,
/// its identifier as the track's `mpris:trackid` and its info as the track's metadata.
public struct QueueItem: Sendable, Hashable, Identifiable {
  /// The app's stable identifier of the item; unique in the queue.
  public var id: String
  /// What controllers show of the item; its ``NowPlayingInfo/trackIdentifier`` is ``id``.
  public var info: NowPlayingInfo

  /// An item; the info's track identifier is set to `id`.
  public init(id: String, info: NowPlayingInfo) {
    self.id = id
    var info = info
    info.trackIdentifier = id
    self.info = info
  }
}
