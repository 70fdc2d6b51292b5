import RemoteControl

extension Metadata {
  /// The metadata of a queue item, as `GetTracksMetadata` and `TrackAdded` give it: typed like
  /// the Player's `Metadata`, its `mpris:trackid` the item's track path. Artwork given by URL is
  /// published as `mpris:artUrl`; artwork given as bytes is published for the current item only.
  ///
  /// - Parameters:
  ///   - minimumRating: The bottom of the rating command's scale, in which the item's rating is
  ///     given; `xesam:userRating` is the rating moved onto 0–1 from that scale.
  ///   - maximumRating: The top of that scale.
  init(_ item: QueueItem, minimumRating: Double, maximumRating: Double) {
    let info = item.info
    trackID = TrackID(identifier: item.id)
    if !info.isLiveStream, let duration = info.playbackDuration { length = Microseconds(duration) }
    if case .url(let url) = info.artwork { artURL = url.absoluteString }
    describe(info, minimumRating: minimumRating, maximumRating: maximumRating)
  }
}
