import RemoteControl

extension Metadata {
  /// The metadata of a queue item, as `GetTracksMetadata` and `TrackAdded` give it: typed like
  /// the Player's `Metadata`, its `mpris:trackid` the item's track path. Artwork given by URL is
  /// published as `mpris:artUrl`; artwork given as bytes is published for the current item only.
  init(_ item: QueueItem) {
    let info = item.info
    trackID = TrackID(identifier: item.id)
    if !info.isLiveStream, let duration = info.playbackDuration { length = Microseconds(duration) }
    if case .url(let url) = info.artwork { artURL = url.absoluteString }
    title = info.title
    album = info.albumTitle
    artists = info.artist.map { [$0] }
    albumArtists = info.albumArtist.map { [$0] }
    genres = info.genre.map { [$0] }
    composers = info.composer.map { [$0] }
    trackNumber = info.trackNumber.map { Int32(clamping: $0) }
    discNumber = info.discNumber.map { Int32(clamping: $0) }
    userRating = info.rating
    url = info.assetURL?.absoluteString
  }
}
