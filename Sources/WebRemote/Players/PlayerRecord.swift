import DBus
import HubSupport
import PlayerView
import RemoteControlMPRIS

/// What the web remote shows of one player: its mirror in the hub's view, presented as the API
/// documents it, with the version of the artwork file the hub serves.
struct PlayerRecord: Sendable {
  /// The API's id: the bus name after `org.mpris.MediaPlayer2.`.
  var id: String
  /// The bus name that stands for the player.
  var busName: String
  /// The player's mirror.
  var mirror: PlayerMirror
  /// The version of the artwork file, when it is one the hub serves.
  var artworkVersion: String?
  /// Whether the audio session holds the player interrupted (a call under way paused it).
  var isInterrupted = false
  /// Whether the hub can reach the player's own streams on the sound server (it has an audio
  /// session), for a player without a writable MPRIS `Volume`.
  var reachesStreams = false
  /// The level of the player's own streams last read or set, `nil` while unknown.
  var streamLevel: Double?
  /// Whether the player's MPRIS `Volume` took a write and stayed as it was (Chromium's).
  var ignoresVolume = false
  /// Whether the player is one the hub relays from the system bus (`NAME.system`): the API's
  /// `bus` is `system`, which the page shows beside the player's name.
  var isOnSystemBus = false

  /// A record of `mirror` under `busName`.
  init(busName: String, mirror: PlayerMirror, artworkVersion: String?) {
    self.busName = busName
    self.id = Self.id(of: busName)
    self.mirror = mirror
    self.artworkVersion = artworkVersion
  }

  /// The API's id of the player named `busName`.
  static func id(of busName: String) -> String {
    busName.hasPrefix(prefix) ? String(busName.dropFirst(prefix.utf8.count)) : busName
  }

  /// The prefix of every MPRIS bus name.
  static let prefix = MediaPlayerInterface.root.rawValue + "."

  /// MPRIS `Identity`, else the id.
  var name: String {
    let identity = mirror[root: .identity]?.stringValue ?? ""
    return identity.isEmpty ? id : identity
  }

  /// `PlaybackStatus`, `Stopped` when absent or unknown.
  var playbackStatus: PlaybackStatus {
    mirror.playbackStatus.flatMap(PlaybackStatus.init(rawValue:)) ?? .stopped
  }

  private func flag(_ property: PlayerProperty) -> Bool { mirror[player: property]?.boolValue ?? false }

  /// `mpris:artUrl`.
  var artURL: String? { mirror.metadata[MetadataKey.artURL.rawValue]?.stringValue }

  /// `mpris:trackid`.
  var trackID: String? { mirror.metadata[MetadataKey.trackID.rawValue]?.stringValue }

  /// `mpris:length` in seconds.
  var length: Double? {
    guard let microseconds = mirror.lengthMicroseconds, microseconds > 0 else { return nil }
    return Microseconds(rawValue: microseconds).seconds
  }

  /// MPRIS `Volume`.
  var volume: Double? { mirror[player: .volume]?.doubleValue }

  /// Which control the volume command and the `volume` field drive.
  enum VolumeControl: String, Sendable {
    /// The player's MPRIS `Volume`.
    case mpris
    /// The player's own streams on the sound server, through the hub.
    case streams
  }

  /// The player's MPRIS `Volume` when it offers one it lets a controller set (present,
  /// `CanControl` true, and not found to ignore a write); else its streams, when the hub reaches
  /// them; else none.
  var volumeControl: VolumeControl? {
    let writable = PlayerProperty.offersWritableVolume(
      volume: volume, canControl: mirror[player: .canControl]?.boolValue)
    if writable && !(ignoresVolume && reachesStreams) { return .mpris }
    return reachesStreams ? .streams : nil
  }
  private var loopStatus: LoopStatus? { mirror[player: .loopStatus]?.stringValue.flatMap(LoopStatus.init) }
  private var shuffle: Bool? { mirror[player: .shuffle]?.boolValue }

  private func extra(_ property: RemoteControlProperty) -> Value? { mirror[remoteControl: property.rawValue] }
  private func extraFlag(_ property: RemoteControlProperty) -> Bool { extra(property)?.boolValue ?? false }

  /// The extension's preferred intervals in seconds, else 15 s.
  private func intervals(_ property: RemoteControlProperty) -> [Double] {
    guard let elements = extra(property)?.arrayElements else { return [15] }
    let seconds = elements.compactMap(\.int64Value).filter { $0 > 0 }.map {
      Microseconds(rawValue: $0).seconds
    }
    return seconds.isEmpty ? [15] : seconds
  }

  /// The preferred skip-forward intervals, in seconds.
  var skipForwardIntervals: [Double] { intervals(.skipForwardIntervals) }
  /// The preferred skip-backward intervals, in seconds.
  var skipBackwardIntervals: [Double] { intervals(.skipBackwardIntervals) }

  /// Whether the extension interface offers skipping forward.
  var hasExtensionSkipForward: Bool { extraFlag(.canSkipForward) }
  /// Whether the extension interface offers skipping backward.
  var hasExtensionSkipBackward: Bool { extraFlag(.canSkipBackward) }

  /// Whether the player offers `command` now.
  func offers(_ command: CommandName) -> Bool {
    switch command {
    case .play: flag(.canPlay)
    case .pause: flag(.canPause)
    case .togglePlayPause: flag(.canPlay) || flag(.canPause)
    case .stop: flag(.canControl)
    case .nextTrack: flag(.canGoNext)
    case .previousTrack: flag(.canGoPrevious)
    case .seek: flag(.canSeek)
    case .skipForward: hasExtensionSkipForward || flag(.canSeek)
    case .skipBackward: hasExtensionSkipBackward || flag(.canSeek)
    case .volume: volumeControl != nil
    case .loop: flag(.canControl) && loopStatus != nil
    case .shuffle: flag(.canControl) && shuffle != nil
    case .like: extraFlag(.canLike)
    case .bookmark: extraFlag(.canBookmark)
    case .select: true
    }
  }

  /// The snapshot, as the API documents it.
  func json(isNowPlaying: Bool) -> JSONValue {
    let metadata = mirror.metadata
    let artwork: JSONValue
    if let artworkVersion {
      artwork = .string("/api/players/\(Self.pathComponent(id))/artwork?v=\(artworkVersion)")
    } else if let url = artURL, url.hasPrefix("http://") || url.hasPrefix("https://") {
      artwork = .string(url)
    } else {
      artwork = .null
    }
    let offered = CommandName.allCases.filter { $0 != .select }.map {
      ($0.rawValue, JSONValue.bool(offers($0)))
    }
    return .object([
      ("id", .string(id)),
      ("busName", .string(busName)),
      ("identity", .string(name)),
      ("bus", .string(isOnSystemBus ? "system" : "session")),
      ("isNowPlaying", .bool(isNowPlaying)),
      ("playbackStatus", .string(playbackStatus.rawValue)),
      (
        "metadata",
        .object([
          ("trackId", .string(trackID)),
          ("title", .string(metadata[MetadataKey.title.rawValue]?.stringValue)),
          ("artist", .string(Self.joined(metadata[MetadataKey.artist.rawValue]))),
          ("album", .string(metadata[MetadataKey.album.rawValue]?.stringValue)),
          ("length", .number(length)),
        ])
      ),
      ("artwork", artwork),
      ("position", PositionClock.json(of: mirror.position)),
      ("volume", .number(volumeControl == .streams ? streamLevel : volume)),
      ("volumeControl", .string(volumeControl?.rawValue)),
      ("loopStatus", .string(loopStatus?.rawValue)),
      ("shuffle", .bool(shuffle)),
      ("commands", .object(offered)),
      (
        "skipIntervals",
        .object([
          ("forward", .array(skipForwardIntervals.map(JSONValue.number))),
          ("backward", .array(skipBackwardIntervals.map(JSONValue.number))),
        ])
      ),
      ("isLiked", .bool(extraFlag(.likeActive))),
      ("isBookmarked", .bool(extraFlag(.bookmarkActive))),
      ("isInterrupted", .bool(isInterrupted)),
    ])
  }

  /// `xesam:artist` (an `as`) joined with commas.
  private static func joined(_ value: Value?) -> String? {
    value?.arrayElements.map { $0.compactMap(\.stringValue).joined(separator: ", ") }
  }

  /// `id` as one path component: percent-encoded but for unreserved characters.
  static func pathComponent(_ id: String) -> String {
    var result = ""
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
