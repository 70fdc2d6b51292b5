import DBus
import HubCore
import PlayerView
import RemoteControlMPRIS

/// The desktop notification of one track of the Now Playing player: the arguments of the Desktop
/// Notifications Specification's `Notify` (``DesktopNotifications/notify``), read from the
/// player's mirror.
///
/// - `app_name`: the player's `Identity` (MPRIS root interface), else its bus name.
/// - `summary`: `xesam:title`, else the last part of `xesam:url`.
/// - `body`: `xesam:artist` (joined with commas) and `xesam:album`, as "Artist — Album", with
///   the body markup's `&`, `<` and `>` escaped.
/// - `app_icon`: empty; the artwork goes in the `image-path` hint, which comes before it.
/// - hints: `image-path` with `mpris:artUrl` when it is a `file://` URL (an `http(s)://` one is
///   not fetched: the hub reads no network for a notification, and the notification shows no
///   image); `desktop-entry` with the player's `DesktopEntry`; `transient` and `suppress-sound`.
/// - `expire_timeout`: -1, the server's default.
struct TrackNotification: Sendable, Hashable {
  /// Which track of which player it is about: the player's unique name and the track's
  /// ``TrackIdentity``, so that a switch to another player is another track.
  struct Track: Sendable, Hashable {
    package var owner: BusName
    var identity: String

    /// The track `mirror` holds, `nil` when it holds none.
    init?(of mirror: PlayerMirror) {
      guard let metadata = mirror[player: .metadata], let identity = TrackIdentity.of(metadata) else {
        return nil
      }
      self.init(owner: mirror.owner, identity: identity)
    }

    init(owner: BusName, identity: String) {
      self.owner = owner
      self.identity = identity
    }
  }

  package var track: Track
  /// `app_name`.
  var appName: String
  /// `summary`.
  package var summary: String
  /// `body`, markup escaped.
  var body: String
  /// The `image-path` hint: the artwork's `file://` URL.
  var imagePath: String?
  /// The `desktop-entry` hint.
  var desktopEntry: String?

  /// The notification of the track `mirror` holds, `nil` when it holds none or has nothing to
  /// call it by (neither a title nor a URL).
  package init?(of mirror: PlayerMirror) {
    guard let track = Track(of: mirror) else { return nil }
    let entries = mirror.metadata
    let title = entries[MetadataKey.title.rawValue]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let url = entries[MetadataKey.url.rawValue]?.stringValue.flatMap {
      $0.split(separator: "/").last.map(String.init)
    }
    guard let summary = title ?? url else { return nil }
    self.track = track
    appName =
      mirror[root: .identity]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      ?? mirror.busName?.rawValue ?? mirror.owner.rawValue
    self.summary = summary
    // `as` by MPRIS; a player that sends one string is read as meaning one artist.
    let artist = entries[MetadataKey.artist.rawValue]
    let artists = (artist?.arrayElements?.compactMap(\.stringValue) ?? artist?.stringValue.map { [$0] } ?? [])
      .filter { !$0.isEmpty }
    let album = entries[MetadataKey.album.rawValue]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    let words = [artists.isEmpty ? nil : artists.joined(separator: ", "), album].compactMap { $0 }
    body = Self.escapingMarkup(words.joined(separator: " — "))
    let artwork = entries[MetadataKey.artURL.rawValue]?.stringValue
    imagePath = artwork.flatMap { $0.hasPrefix("file://") ? $0 : nil }
    desktopEntry = mirror[root: .desktopEntry]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `Notify`'s arguments, replacing the notification `id` (0 for none).
  func arguments(replacing id: UInt32) -> [Value] {
    var hints: [String: Value] = [
      DesktopNotifications.Hint.transient: .bool(true), DesktopNotifications.Hint.suppressSound: .bool(true),
    ]
    if let imagePath { hints[DesktopNotifications.Hint.imagePath] = .string(imagePath) }
    if let desktopEntry { hints[DesktopNotifications.Hint.desktopEntry] = .string(desktopEntry) }
    return [
      .string(appName), .uint32(id), .string(""), .string(summary), .string(body), .strings([]),
      .vardict(hints), .int32(DesktopNotifications.serverDefaultTimeout),
    ]
  }

  /// `text` with the characters that body markup reads (`&`, `<`, `>`) as entities: a server
  /// that shows markup shows them as written, one that does not strips no text.
  static func escapingMarkup(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
