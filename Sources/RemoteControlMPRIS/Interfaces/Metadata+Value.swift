import DBus

extension Metadata {
  /// The `a{sv}` value of `org.mpris.MediaPlayer2.Player.Metadata`, each key with the type the
  /// MPRIS metadata guidelines give it; keys without a value are left out.
  var value: Value {
    var entries: [String: Value] = [
      MetadataKey.trackID.rawValue: .objectPath(
        ObjectPath(rawValue: trackID.path) ?? ObjectPath(stringLiteral: TrackID.noTrack.path))
    ]
    if let length { entries[MetadataKey.length.rawValue] = .int64(length.rawValue) }
    if let artURL { entries[MetadataKey.artURL.rawValue] = .string(artURL) }
    if let title { entries[MetadataKey.title.rawValue] = .string(title) }
    if let album { entries[MetadataKey.album.rawValue] = .string(album) }
    if let artists { entries[MetadataKey.artist.rawValue] = .strings(artists) }
    if let albumArtists { entries[MetadataKey.albumArtist.rawValue] = .strings(albumArtists) }
    if let genres { entries[MetadataKey.genre.rawValue] = .strings(genres) }
    if let composers { entries[MetadataKey.composer.rawValue] = .strings(composers) }
    if let trackNumber { entries[MetadataKey.trackNumber.rawValue] = .int32(trackNumber) }
    if let discNumber { entries[MetadataKey.discNumber.rawValue] = .int32(discNumber) }
    if let userRating { entries[MetadataKey.userRating.rawValue] = .double(userRating) }
    if let url { entries[MetadataKey.url.rawValue] = .string(url) }
    return .vardict(entries)
  }
}
