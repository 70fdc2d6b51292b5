internal import DBus
internal import RemoteControlMPRIS

/// What `remotectl check` expects of a player's properties and metadata entries: the properties
/// as RemoteControlMPRIS declares them (``PropertyDeclaration``), the metadata entries with the
/// types the MPRIS metadata guidelines give them.
enum PropertyTypes {
  /// Metadata entries with the types the MPRIS metadata guidelines give them.
  static let metadata: [String: String] = [
    MetadataKey.trackID.rawValue: "o", MetadataKey.length.rawValue: "x", MetadataKey.artURL.rawValue: "s",
    MetadataKey.album.rawValue: "s", MetadataKey.albumArtist.rawValue: "as",
    MetadataKey.artist.rawValue: "as", MetadataKey.asText.rawValue: "s",
    MetadataKey.audioBPM.rawValue: "i", MetadataKey.autoRating.rawValue: "d",
    MetadataKey.comment.rawValue: "as", MetadataKey.composer.rawValue: "as",
    MetadataKey.contentCreated.rawValue: "s", MetadataKey.discNumber.rawValue: "i",
    MetadataKey.firstUsed.rawValue: "s", MetadataKey.genre.rawValue: "as",
    MetadataKey.lastUsed.rawValue: "s", MetadataKey.lyricist.rawValue: "as", MetadataKey.title.rawValue: "s",
    MetadataKey.trackNumber.rawValue: "i",
    MetadataKey.url.rawValue: "s", MetadataKey.useCount.rawValue: "i", MetadataKey.userRating.rawValue: "d",
  ]

  /// The rule that every property of `Property`'s interface a player must have is there, and
  /// every one present has the spec's type.
  static func rule<Property: MediaPlayerProperty>(
    _ rule: String, _ properties: [String: PropertyValue], _: Property.Type
  ) -> RuleResult {
    var failures: [String] = []
    for declaration in Property.declarations {
      let name = declaration.name
      let type = declaration.signature.rawValue
      guard let value = properties[name] else {
        if declaration.isRequired { failures.append("\(name) missing") }
        continue
      }
      if value.signature != type { failures.append("\(name) is \(value.signature), not \(type)") }
    }
    return .from(rule, failures: failures, passing: "every property present with the spec's type")
  }
}
