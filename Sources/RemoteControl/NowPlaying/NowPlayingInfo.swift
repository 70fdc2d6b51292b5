#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What is playing: title, artist, artwork, duration…, for controllers to show.
///
/// The corresponding MediaPlayer property is `MPNowPlayingInfoCenter.nowPlayingInfo`, a
/// dictionary keyed by `MPMediaItemProperty…` and `MPNowPlayingInfoProperty…`; here each key
/// is a typed property. As on iOS, the info may carry where playback is and how fast it moves
/// (``elapsedPlaybackTime``, ``playbackRate``, a rate of 0 meaning paused): the info center then
/// derives its ``PositionState`` (and, unless the app sets one, its playback state) from them.
/// Times are `Duration`s throughout.
/// The MPRIS `Metadata` keys each property maps to are named in its documentation.
public struct NowPlayingInfo: Sendable, Hashable {
  /// The kind of media.
  ///
  /// The corresponding MediaPlayer type is `MPNowPlayingInfoMediaType`.
  public enum MediaType: Sendable, Hashable {
    /// Sound only.
    case audio
    /// Pictures and sound.
    case video
  }

  /// A stable identifier of the item in the app. MPRIS: `mpris:trackid` is made from it.
  /// MediaPlayer: `MPNowPlayingInfoPropertyExternalContentIdentifier`.
  public var trackIdentifier: String?
  /// Title. MPRIS: `xesam:title`. MediaPlayer: `MPMediaItemPropertyTitle`.
  public var title: String?
  /// Artist. MPRIS: `xesam:artist` (a list). MediaPlayer: `MPMediaItemPropertyArtist`.
  public var artist: String?
  /// Album. MPRIS: `xesam:album`. MediaPlayer: `MPMediaItemPropertyAlbumTitle`.
  public var albumTitle: String?
  /// Album artist. MPRIS: `xesam:albumArtist`. MediaPlayer: `MPMediaItemPropertyAlbumArtist`.
  public var albumArtist: String?
  /// Genre. MPRIS: `xesam:genre`. MediaPlayer: `MPMediaItemPropertyGenre`.
  public var genre: String?
  /// Composer. MPRIS: `xesam:composer`. MediaPlayer: `MPMediaItemPropertyComposer`.
  public var composer: String?
  /// Track number on the album. MPRIS: `xesam:trackNumber`.
  /// MediaPlayer: `MPMediaItemPropertyAlbumTrackNumber`.
  public var trackNumber: Int?
  /// Number of tracks on the album. MediaPlayer: `MPMediaItemPropertyAlbumTrackCount`.
  public var trackCount: Int?
  /// Disc number. MPRIS: `xesam:discNumber`. MediaPlayer: `MPMediaItemPropertyDiscNumber`.
  public var discNumber: Int?
  /// Number of discs. MediaPlayer: `MPMediaItemPropertyDiscCount`.
  public var discCount: Int?
  /// How long the item plays; `nil` when unknown. MPRIS: `mpris:length` (µs).
  /// MediaPlayer: `MPMediaItemPropertyPlaybackDuration`. A live stream has none.
  public var playbackDuration: Duration?
  /// The picture. MPRIS: `mpris:artUrl`. MediaPlayer: `MPMediaItemPropertyArtwork`.
  public var artwork: Artwork?
  /// Sound or pictures. MediaPlayer: `MPNowPlayingInfoPropertyMediaType`.
  public var mediaType: MediaType?
  /// Whether this is a live stream, with no end and no seeking.
  /// MediaPlayer: `MPNowPlayingInfoPropertyIsLiveStream`.
  public var isLiveStream: Bool
  /// The item's index in the play queue. MediaPlayer: `MPNowPlayingInfoPropertyPlaybackQueueIndex`.
  public var playbackQueueIndex: Int?
  /// The number of items in the play queue.
  /// MediaPlayer: `MPNowPlayingInfoPropertyPlaybackQueueCount`.
  public var playbackQueueCount: Int?
  /// The chapter playing. MediaPlayer: `MPNowPlayingInfoPropertyChapterNumber`.
  public var chapterNumber: Int?
  /// The number of chapters. MediaPlayer: `MPNowPlayingInfoPropertyChapterCount`.
  public var chapterCount: Int?
  /// Where the item comes from. MPRIS: `xesam:url`. MediaPlayer: `MPNowPlayingInfoPropertyAssetURL`.
  public var assetURL: URL?
  /// The user's rating, on the scale of the rating command
  /// (``RatingCommand/minimumRating``…``RatingCommand/maximumRating``, 0–5 by default), so that
  /// a rating a controller sends and the rating shown agree. MPRIS: `xesam:userRating`, scaled to
  /// 0–1. MediaPlayer: `MPMediaItemPropertyRating`.
  public var rating: Double?
  /// The language options the item offers, in groups (its audio tracks, its subtitles).
  /// MediaPlayer: `MPNowPlayingInfoPropertyAvailableLanguageOptions`.
  public var availableLanguageOptions: [LanguageOptionGroup] = []
  /// The language options in effect now.
  /// MediaPlayer: `MPNowPlayingInfoPropertyCurrentLanguageOptions`.
  public var currentLanguageOptions: [LanguageOption] = []
  /// Where playback was when this info was set; the info center moves it on while playing.
  /// MediaPlayer: `MPNowPlayingInfoPropertyElapsedPlaybackTime`.
  public var elapsedPlaybackTime: Duration?
  /// How fast playback moved when this info was set: 1 is normal speed, 0 means paused.
  /// MediaPlayer: `MPNowPlayingInfoPropertyPlaybackRate`.
  public var playbackRate: Double?

  /// Creates Now Playing info; every property can be set later too.
  public init(
    trackIdentifier: String? = nil,
    title: String? = nil,
    artist: String? = nil,
    albumTitle: String? = nil,
    albumArtist: String? = nil,
    genre: String? = nil,
    composer: String? = nil,
    trackNumber: Int? = nil,
    trackCount: Int? = nil,
    discNumber: Int? = nil,
    discCount: Int? = nil,
    playbackDuration: Duration? = nil,
    artwork: Artwork? = nil,
    mediaType: MediaType? = nil,
    isLiveStream: Bool = false,
    playbackQueueIndex: Int? = nil,
    playbackQueueCount: Int? = nil,
    chapterNumber: Int? = nil,
    chapterCount: Int? = nil,
    assetURL: URL? = nil,
    rating: Double? = nil,
    elapsedPlaybackTime: Duration? = nil,
    playbackRate: Double? = nil
  ) {
    self.trackIdentifier = trackIdentifier
    self.title = title
    self.artist = artist
    self.albumTitle = albumTitle
    self.albumArtist = albumArtist
    self.genre = genre
    self.composer = composer
    self.trackNumber = trackNumber
    self.trackCount = trackCount
    self.discNumber = discNumber
    self.discCount = discCount
    self.playbackDuration = playbackDuration
    self.artwork = artwork
    self.mediaType = mediaType
    self.isLiveStream = isLiveStream
    self.playbackQueueIndex = playbackQueueIndex
    self.playbackQueueCount = playbackQueueCount
    self.chapterNumber = chapterNumber
    self.chapterCount = chapterCount
    self.assetURL = assetURL
    self.rating = rating
    self.elapsedPlaybackTime = elapsedPlaybackTime
    self.playbackRate = playbackRate
  }

  /// Whether two infos describe the same item: the same ``trackIdentifier`` when either has
  /// one, else the same title, artist and album.
  public func isSameItem(as other: NowPlayingInfo) -> Bool {
    if trackIdentifier != nil || other.trackIdentifier != nil {
      return trackIdentifier == other.trackIdentifier
    }
    return title == other.title && artist == other.artist && albumTitle == other.albumTitle
  }
}
