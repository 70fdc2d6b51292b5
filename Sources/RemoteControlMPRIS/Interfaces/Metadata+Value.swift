import DBus

extension Metadata {
  /// The `a{sv}` value of `org.mpris.MediaPlayer2.Player.Metadata`, each key with the type the
  /// MPRIS metadata guidelines give it; keys without a value are left out.
  var value: Value {
    var entries: [String: Value] = [
      "mpris:trackid": .objectPath(
        ObjectPath(rawValue: trackID.path) ?? ObjectPath(stringLiteral: TrackID.noTrack.path))
    ]
    if let length { entries["mpris:length"] = .int64(length.rawValue) }
    if let artURL { entries["mpris:artUrl"] = .string(artURL) }
    if let title { entries["xesam:title"] = .string(title) }
    if let album { entries["xesam:album"] = .string(album) }
    if let artists { entries["xesam:artist"] = .strings(artists) }
    if let albumArtists { entries["xesam:albumArtist"] = .strings(albumArtists) }
    if let genres { entries["xesam:genre"] = .strings(genres) }
    if let composers { entries["xesam:composer"] = .strings(composers) }
    if let trackNumber { entries["xesam:trackNumber"] = .int32(trackNumber) }
    if let discNumber { entries["xesam:discNumber"] = .int32(discNumber) }
    if let userRating { entries["xesam:userRating"] = .double(userRating) }
    if let url { entries["xesam:url"] = .string(url) }
    return .vardict(entries)
  }
}
