internal import RemoteControlMPRIS

/// The D-Bus types MPRIS 2.2 gives its properties and metadata entries.
enum PropertyTypes {
  /// `org.mpris.MediaPlayer2` properties: name, type, required.
  static let root: [(String, String, Bool)] = [
    ("CanQuit", "b", true), ("CanRaise", "b", true), ("HasTrackList", "b", true),
    ("Identity", "s", true), ("SupportedUriSchemes", "as", true), ("SupportedMimeTypes", "as", true),
    ("Fullscreen", "b", false), ("CanSetFullscreen", "b", false), ("DesktopEntry", "s", false),
  ]

  /// `org.mpris.MediaPlayer2.Player` properties: name, type, required.
  static let player: [(String, String, Bool)] = [
    ("PlaybackStatus", "s", true), ("LoopStatus", "s", false), ("Rate", "d", true),
    ("Shuffle", "b", false), ("Metadata", "a{sv}", true), ("Volume", "d", true),
    ("Position", "x", true), ("MinimumRate", "d", true), ("MaximumRate", "d", true),
    ("CanGoNext", "b", true), ("CanGoPrevious", "b", true), ("CanPlay", "b", true),
    ("CanPause", "b", true), ("CanSeek", "b", true), ("CanControl", "b", true),
  ]

  /// Metadata entries with the types the MPRIS metadata guidelines give them.
  static let metadata: [String: String] = [
    "mpris:trackid": "o", "mpris:length": "x", "mpris:artUrl": "s",
    "xesam:album": "s", "xesam:albumArtist": "as", "xesam:artist": "as", "xesam:asText": "s",
    "xesam:audioBPM": "i", "xesam:autoRating": "d", "xesam:comment": "as", "xesam:composer": "as",
    "xesam:contentCreated": "s", "xesam:discNumber": "i", "xesam:firstUsed": "s", "xesam:genre": "as",
    "xesam:lastUsed": "s", "xesam:lyricist": "as", "xesam:title": "s", "xesam:trackNumber": "i",
    "xesam:url": "s", "xesam:useCount": "i", "xesam:userRating": "d",
  ]

  /// The rule that every property in `table` a player must have is there, and every one
  /// present has the spec's type.
  static func rule(
    _ rule: String, _ properties: [String: PropertyValue], _ table: [(String, String, Bool)]
  ) -> RuleResult {
    var failures: [String] = []
    for (name, type, required) in table {
      guard let value = properties[name] else {
        if required { failures.append("\(name) missing") }
        continue
      }
      if value.signature != type { failures.append("\(name) is \(value.signature), not \(type)") }
    }
    return .from(rule, failures: failures, passing: "every property present with the spec's type")
  }
}
