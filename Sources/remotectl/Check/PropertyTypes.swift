internal import DBus
internal import RemoteControlMPRIS

/// What `remotectl check` expects of a player's properties and metadata entries: the properties
/// as RemoteControlMPRIS declares them (``PropertyDeclaration``), the metadata entries with the
/// types the MPRIS metadata guidelines give them.
enum PropertyTypes {
  /// Metadata entries with the types the MPRIS metadata guidelines give them.
  static let metadata: [String: String] = [
    "mpris:trackid": "o", "mpris:length": "x", "mpris:artUrl": "s",
    "xesam:album": "s", "xesam:albumArtist": "as", "xesam:artist": "as", "xesam:asText": "s",
    "xesam:audioBPM": "i", "xesam:autoRating": "d", "xesam:comment": "as", "xesam:composer": "as",
    "xesam:contentCreated": "s", "xesam:discNumber": "i", "xesam:firstUsed": "s", "xesam:genre": "as",
    "xesam:lastUsed": "s", "xesam:lyricist": "as", "xesam:title": "s", "xesam:trackNumber": "i",
    "xesam:url": "s", "xesam:useCount": "i", "xesam:userRating": "d",
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
