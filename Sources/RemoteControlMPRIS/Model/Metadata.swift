import RemoteControl

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What MPRIS controllers show of the item playing, with the types the spec gives each key.
///
/// The corresponding MPRIS member is `org.mpris.MediaPlayer2.Player.Metadata` (`a{sv}`, the
/// `Metadata_Map` type); see the MPRIS "Metadata" guidelines for the `mpris:` and `xesam:` keys.
struct Metadata: Sendable, Hashable {
  /// `mpris:trackid` (`o`): always present.
  var trackID: TrackID
  /// `mpris:length` (`x`, µs): the duration, when known and finite.
  var length: Microseconds?
  /// `mpris:artUrl` (`s`): a `file://` or `http(s)://` URL of the artwork.
  var artURL: String?
  /// `xesam:title` (`s`).
  var title: String?
  /// `xesam:album` (`s`).
  var album: String?
  /// `xesam:artist` (`as`).
  var artists: [String]?
  /// `xesam:albumArtist` (`as`).
  var albumArtists: [String]?
  /// `xesam:genre` (`as`).
  var genres: [String]?
  /// `xesam:composer` (`as`).
  var composers: [String]?
  /// `xesam:trackNumber` (`i`).
  var trackNumber: Int32?
  /// `xesam:discNumber` (`i`).
  var discNumber: Int32?
  /// `xesam:userRating` (`d`, 0 to 1).
  var userRating: Double?
  /// `xesam:url` (`s`).
  var url: String?

  /// The metadata of a Now Playing snapshot: only `mpris:trackid` (NoTrack) when nothing plays.
  ///
  /// - Parameters:
  ///   - minimumRating: The bottom of the rating command's scale, in which the info's rating is
  ///     given; `xesam:userRating` is the rating moved onto 0–1 from that scale.
  ///   - maximumRating: The top of that scale.
  init(_ snapshot: NowPlayingSnapshot, minimumRating: Double = 0, maximumRating: Double = 5) {
    trackID = TrackID(snapshot.info)
    guard let info = snapshot.info else { return }
    length = snapshot.length
    artURL = snapshot.artworkURL?.absoluteString
    describe(info, minimumRating: minimumRating, maximumRating: maximumRating)
  }

  /// Takes the fields every item's metadata has from its info (the Now Playing item's and each
  /// queue item's alike): names, numbers, the rating moved onto 0–1 from the rating command's
  /// scale, and the URL.
  mutating func describe(_ info: NowPlayingInfo, minimumRating: Double, maximumRating: Double) {
    title = info.title
    album = info.albumTitle
    artists = info.artist.map { [$0] }
    albumArtists = info.albumArtist.map { [$0] }
    genres = info.genre.map { [$0] }
    composers = info.composer.map { [$0] }
    trackNumber = info.trackNumber.map { Int32(clamping: $0) }
    discNumber = info.discNumber.map { Int32(clamping: $0) }
    userRating = info.rating.map { rating in
      let span = maximumRating - minimumRating
      // A scale of no width (or not a number) says nothing: the top or nothing.
      guard span > 0, span.isFinite else { return rating >= maximumRating ? 1 : 0 }
      return min(max((rating - minimumRating) / span, 0), 1)
    }
    url = info.assetURL?.absoluteString
  }
}

extension NowPlayingSnapshot {
  /// The length MPRIS publishes as `mpris:length`: the info's duration, else the reported
  /// position state's; `nil` when unknown or a live stream.
  var length: Microseconds? {
    if let info, info.isLiveStream { return nil }
    if let duration = info?.playbackDuration { return Microseconds(duration) }
    return positionState?.duration.map(Microseconds.init)
  }
}
