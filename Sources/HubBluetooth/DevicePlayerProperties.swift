import DBus
import HubCore
import RemoteControlMPRIS

/// A Bluetooth device's own player (`org.bluez.MediaPlayer1`, profiles/audio/player.c) read as an
/// MPRIS player (`org.mpris.MediaPlayer2.Player`): what the hub's relay of it serves, and which
/// MediaPlayer1 method each MPRIS command becomes.
///
/// The mapping is mpris-proxy's (tools/mpris-proxy.c `player_properties`, `parse_track_entry`,
/// `player_toggle`), with legal MPRIS values where mpris-proxy leaves them out or invents them:
/// - `Status` → `PlaybackStatus`: "playing" and "forward-seek"/"reverse-seek" (it is playing
///   while it seeks) are Playing, "paused" Paused, anything else ("stopped", "error", none)
///   Stopped (`status_to_playback`).
/// - `Track` → `Metadata`: `Title` → `xesam:title`, `Artist` → `xesam:artist`, `Album` →
///   `xesam:album`, `Genre` → `xesam:genre`, `TrackNumber` → `xesam:trackNumber`, `Duration` (ms)
///   → `mpris:length` (µs), `NumberOfTracks` → `bluez:numberOfTracks` (MPRIS and xesam have no
///   key for it; a namespaced key, as the MPRIS metadata guidelines allow), `Item` →
///   `mpris:trackid`. Without an `Item`, the track is named by the player's path and its
///   number, so `mpris:trackid` is always there, as MPRIS asks.
/// - `Position` (ms) → `Position` (µs); `Shuffle` ("off", "alltracks", "group") → `Shuffle`;
///   `Repeat` ("off", "singletrack", "alltracks", "group") → `LoopStatus` None, Track, Playlist,
///   Playlist.
///
/// A property of the wrong type (bluez's doc/media-api.txt gives each one) is left out and named
/// in ``illTyped``, so that its reader can say so once; the rest is served.
struct DevicePlayerProperties: Sendable, Hashable {
  /// The `org.mpris.MediaPlayer2.Player` properties, by name, as a relay serves them.
  private(set) var player: [String: Value] = [:]
  /// A MediaPlayer1 property left out for its type.
  struct IllTyped: Sendable, Hashable {
    /// Its name; a `Track` entry as `Track.Title`.
    package var name: String
    /// The type bluez gives it.
    package var expected: String
    /// The type it had.
    var got: String
  }

  /// The MediaPlayer1 properties left out for their type, sorted by name.
  private(set) var illTyped: [IllTyped] = []

  /// Whether the device said it plays (`Status` "playing" or seeking).
  var isPlaying: Bool { player[PlayerProperty.playbackStatus.rawValue] == .string("Playing") }

  /// The MPRIS player of the MediaPlayer1 at `path` whose properties (out of their variants, as
  /// ``BlueZObjects`` holds them) are `properties`.
  package init(_ properties: [String: Value], at path: ObjectPath) {
    player[PlayerProperty.playbackStatus.rawValue] = .string(
      Self.playbackStatus(read("Status", "s", in: properties)))
    player[PlayerProperty.metadata.rawValue] = metadata(read("Track", "a{sv}", in: properties), of: path)
    if let position = read("Position", "u", in: properties)?.int64Value {
      player[PlayerProperty.position.rawValue] = .int64(position * 1000)
    }
    if let shuffle = read("Shuffle", "s", in: properties)?.stringValue {
      player[PlayerProperty.shuffle.rawValue] = .bool(shuffle.lowercased() != "off")
    }
    if let repeatMode = read("Repeat", "s", in: properties)?.stringValue {
      let loop: LoopStatus? =
        switch repeatMode.lowercased() {
        case "off": LoopStatus.none
        case "singletrack": .track
        case "alltracks", "group": .playlist
        default: nil
        }
      if let loop { player[PlayerProperty.loopStatus.rawValue] = .string(loop.rawValue) }
    }
    for property in [PlayerProperty.rate, .minimumRate, .maximumRate] {
      player[property.rawValue] = .double(1)
    }
    // What AVRCP lets a controller do: play, pause, skip (player.c `media_player_methods`); it
    // has no seek to a time.
    for property in [PlayerProperty.canPlay, .canPause, .canGoNext, .canGoPrevious, .canControl] {
      player[property.rawValue] = .bool(true)
    }
    player[PlayerProperty.canSeek.rawValue] = .bool(false)
    illTyped.sort { $0.name < $1.name }
  }

  /// The MediaPlayer1 method an MPRIS command becomes: the same name for Play, Pause, Stop,
  /// Next and Previous; PlayPause is Pause while the device plays and Play otherwise
  /// (mpris-proxy's `player_toggle`); `nil` for what MediaPlayer1 cannot do (Seek, SetPosition,
  /// OpenUri).
  func member(for method: PlayerMethod) -> String? {
    switch method {
    case .play, .pause, .stop, .next, .previous: method.rawValue
    case .playPause: isPlaying ? PlayerMethod.pause.rawValue : PlayerMethod.play.rawValue
    case .seek, .setPosition, .openURI: nil
    }
  }

  // MARK: - Reading

  private static func playbackStatus(_ value: Value?) -> String {
    switch value?.stringValue?.lowercased() {
    case "playing", "forward-seek", "reverse-seek": PlaybackStatus.playing.rawValue
    case "paused": PlaybackStatus.paused.rawValue
    default: PlaybackStatus.stopped.rawValue
    }
  }

  /// `name` of `properties` when it has the `type` bluez gives it; otherwise `nil`, and noted.
  private mutating func read(_ name: String, _ type: String, in properties: [String: Value]) -> Value? {
    guard let value = properties[name]?.unwrappingVariants else { return nil }
    guard value.signature.rawValue == type else {
      illTyped.append(IllTyped(name: name, expected: type, got: value.signature.rawValue))
      return nil
    }
    return value
  }

  /// `Track` (`a{sv}`) as MPRIS `Metadata`.
  private mutating func metadata(_ track: Value?, of path: ObjectPath) -> Value {
    var fields: [String: Value] = [:]
    if case .dictionary(_, _, let entries)? = track {
      for entry in entries {
        guard let key = entry.key.stringValue else { continue }
        fields[key] = entry.value.unwrappingVariants
      }
    }
    var entries: [String: Value] = [:]
    var trackNumber: Int64?
    func take(_ key: String, _ type: String, as convert: (Value) -> Value) {
      guard let value = fields[key] else { return }
      guard value.signature.rawValue == type else {
        illTyped.append(IllTyped(name: "Track.\(key)", expected: type, got: value.signature.rawValue))
        return
      }
      let converted = convert(value)
      switch key {
      case "Title": entries[MetadataKey.title.rawValue] = converted
      case "Artist": entries[MetadataKey.artist.rawValue] = converted
      case "Album": entries[MetadataKey.album.rawValue] = converted
      case "Genre": entries[MetadataKey.genre.rawValue] = converted
      case "TrackNumber":
        entries[MetadataKey.trackNumber.rawValue] = converted
        trackNumber = value.int64Value
      case "NumberOfTracks": entries["bluez:numberOfTracks"] = converted
      case "Duration": entries[MetadataKey.length.rawValue] = converted
      default: entries[MetadataKey.trackID.rawValue] = converted
      }
    }
    take("Title", "s") { $0 }
    take("Artist", "s") { .strings([$0.stringValue ?? ""]) }
    take("Album", "s") { $0 }
    take("Genre", "s") { .strings([$0.stringValue ?? ""]) }
    take("TrackNumber", "u") { .int32(Int32(clamping: $0.int64Value ?? 0)) }
    take("NumberOfTracks", "u") { .int32(Int32(clamping: $0.int64Value ?? 0)) }
    take("Duration", "u") { .int64(($0.int64Value ?? 0) * 1000) }
    take("Item", "o") { $0 }
    if entries[MetadataKey.trackID.rawValue] == nil {
      let track =
        fields.isEmpty
        ? ObjectPath(stringLiteral: "/org/mpris/MediaPlayer2/TrackList/NoTrack")
        : ObjectPath(rawValue: "\(path.rawValue)/track\(trackNumber ?? 0)") ?? path
      entries[MetadataKey.trackID.rawValue] = .objectPath(track)
    }
    return .vardict(entries)
  }
}
