import RemoteControl

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Metadata {
  /// The metadata of a queue item, as `GetTracksMetadata` and `TrackAdded` give it: typed like
  /// the Player's `Metadata`, its `mpris:trackid` the item's track path. Artwork given by URL is
  /// published as `mpris:artUrl`, and so is artwork given as bytes, as the `file://` URL the
  /// queue center's artwork cache wrote it to (`artworkURL`).
  ///
  /// - Parameters:
  ///   - minimumRating: The bottom of the rating command's scale, in which the item's rating is
  ///     given; `xesam:userRating` is the rating moved onto 0–1 from that scale.
  ///   - maximumRating: The top of that scale.
  ///   - artworkURL: Where the item's artwork given as bytes was written; `nil` for none.
  init(_ item: QueueItem, minimumRating: Double, maximumRating: Double, artworkURL: URL? = nil) {
    let info = item.info
    trackID = TrackID(identifier: item.id)
    if !info.isLiveStream, let duration = info.playbackDuration { length = Microseconds(duration) }
    switch info.artwork {
    case .some(.url(let url)): artURL = url.absoluteString
    case .some(.data): artURL = artworkURL?.absoluteString
    case .none: break
    }
    describe(info, minimumRating: minimumRating, maximumRating: maximumRating)
  }
}
