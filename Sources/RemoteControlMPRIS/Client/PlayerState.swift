/// The properties of `org.mpris.MediaPlayer2.Player`, typed, as a controller last saw them.
///
/// Build it from one `GetAll` (``RemotePlayer/state()``) and keep it current with
/// ``apply(_:)`` on each ``PlayerEvent``. Values a player did not give are `nil`.
public struct PlayerState: Sendable, Hashable {
  /// `PlaybackStatus`.
  public enum Playback: String, Sendable, Hashable, CaseIterable {
    /// `Playing`.
    case playing = "Playing"
    /// `Paused`.
    case paused = "Paused"
    /// `Stopped`.
    case stopped = "Stopped"
  }

  /// `LoopStatus`.
  public enum Loop: String, Sendable, Hashable, CaseIterable {
    /// `None`.
    case none = "None"
    /// `Track`.
    case track = "Track"
    /// `Playlist`.
    case playlist = "Playlist"
  }

  /// Every property as the player sent it.
  public var properties: [String: PropertyValue]

  /// Creates a state from property values (variants unwrapped).
  public init(properties: [String: PropertyValue]) {
    self.properties = properties
  }

  /// `PlaybackStatus`.
  public var playbackStatus: Playback? { properties["PlaybackStatus"]?.stringValue.flatMap(Playback.init) }
  /// `LoopStatus`.
  public var loopStatus: Loop? { properties["LoopStatus"]?.stringValue.flatMap(Loop.init) }
  /// `Shuffle`.
  public var shuffle: Bool? { properties["Shuffle"]?.boolValue }
  /// `Volume`.
  public var volume: Double? { properties["Volume"]?.doubleValue }
  /// `Position`, in microseconds, as last read (it is never signalled).
  public var position: Int64? { properties["Position"]?.int64Value }
  /// `Rate` (1 when the player does not say).
  public var rate: Double { properties["Rate"]?.doubleValue ?? 1 }
  /// `Metadata`, variants unwrapped.
  public var metadata: [String: PropertyValue] {
    (properties["Metadata"]?.dictionaryValue ?? [:]).mapValues(\.unwrapped)
  }
  /// `mpris:trackid` (an object path; read leniently from a string too).
  public var trackID: String? { metadata["mpris:trackid"]?.stringValue }
  /// `mpris:length`, in microseconds.
  public var length: Int64? { metadata["mpris:length"]?.int64Value }
  /// `xesam:title`.
  public var title: String? { metadata["xesam:title"]?.stringValue }
  /// `xesam:artist`, joined with ", ".
  public var artist: String? { metadata["xesam:artist"]?.stringsValue?.joined(separator: ", ") }

  /// `CanPlay` (false when absent, as playerctl reads it).
  public var canPlay: Bool { properties["CanPlay"]?.boolValue ?? false }
  /// `CanPause`.
  public var canPause: Bool { properties["CanPause"]?.boolValue ?? false }
  /// `CanGoNext`.
  public var canGoNext: Bool { properties["CanGoNext"]?.boolValue ?? false }
  /// `CanGoPrevious`.
  public var canGoPrevious: Bool { properties["CanGoPrevious"]?.boolValue ?? false }
  /// `CanSeek`.
  public var canSeek: Bool { properties["CanSeek"]?.boolValue ?? false }
  /// `CanControl`.
  public var canControl: Bool { properties["CanControl"]?.boolValue ?? false }

  /// Takes in a `PropertiesChanged` of the player interface: new values replace old ones and
  /// invalidated properties are dropped (read them again to know them). Other events and
  /// interfaces change nothing here.
  public mutating func apply(_ event: PlayerEvent) {
    switch event {
    case .propertiesChanged(let interface, let changed, let invalidated)
    where interface == RemotePlayer.playerInterface:
      properties.merge(changed) { _, new in new }
      for name in invalidated { properties[name] = nil }
    case .seeked(let position):
      properties["Position"] = .int64(position)
    default:
      break
    }
  }
}
