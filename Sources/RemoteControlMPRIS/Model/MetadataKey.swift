/// The keys of an MPRIS player's `Metadata` (`a{sv}`), by name: the ones this package writes,
/// reads or relays, declared once, as swift-http-types declares `HTTPField.Name`s.
///
/// The corresponding specification is the MPRIS v2 metadata guidelines: `mpris:*` keys are
/// MPRIS's own, `xesam:*` keys come from the Xesam ontology. A player may send keys of its own:
/// a metadata dictionary is keyed by strings, these are the ones given meaning here.
public enum MetadataKey: String, Sendable, Hashable, CaseIterable {
  /// `mpris:trackid` (`o`): the track's identity, unique in the current tracklist.
  case trackID = "mpris:trackid"
  /// `mpris:length` (`x`): the track's duration in microseconds.
  case length = "mpris:length"
  /// `mpris:artUrl` (`s`): where the artwork is.
  case artURL = "mpris:artUrl"
  /// `xesam:title` (`s`).
  case title = "xesam:title"
  /// `xesam:artist` (`as`).
  case artist = "xesam:artist"
  /// `xesam:album` (`s`).
  case album = "xesam:album"
  /// `xesam:albumArtist` (`as`).
  case albumArtist = "xesam:albumArtist"
  /// `xesam:genre` (`as`).
  case genre = "xesam:genre"
  /// `xesam:composer` (`as`).
  case composer = "xesam:composer"
  /// `xesam:lyricist` (`as`).
  case lyricist = "xesam:lyricist"
  /// `xesam:trackNumber` (`i`).
  case trackNumber = "xesam:trackNumber"
  /// `xesam:discNumber` (`i`).
  case discNumber = "xesam:discNumber"
  /// `xesam:url` (`s`): where the track itself is.
  case url = "xesam:url"
  /// `xesam:userRating` (`d`, 0 … 1).
  case userRating = "xesam:userRating"
  /// `xesam:autoRating` (`d`, 0 … 1).
  case autoRating = "xesam:autoRating"
  /// `xesam:audioBPM` (`i`).
  case audioBPM = "xesam:audioBPM"
  /// `xesam:asText` (`s`): the lyrics.
  case asText = "xesam:asText"
  /// `xesam:comment` (`as`).
  case comment = "xesam:comment"
  /// `xesam:contentCreated` (`s`, ISO 8601).
  case contentCreated = "xesam:contentCreated"
  /// `xesam:firstUsed` (`s`, ISO 8601).
  case firstUsed = "xesam:firstUsed"
  /// `xesam:lastUsed` (`s`, ISO 8601).
  case lastUsed = "xesam:lastUsed"
  /// `xesam:useCount` (`i`).
  case useCount = "xesam:useCount"
}
