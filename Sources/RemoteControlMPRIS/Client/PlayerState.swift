/// The properties of `org.mpris.MediaPlayer2.Player`, typed, as a controller last saw them.
///
/// Build it from one `GetAll` (``RemotePlayer/state()``) and keep it current with
/// ``apply(_:)`` on each ``PlayerEvent``. Values a player did not give are `nil`.
public struct PlayerState: Sendable, Hashable {
  /// Every property as the player sent it.
  public var properties: [String: PropertyValue]

  /// Creates a state from property values (variants unwrapped).
  public init(properties: [String: PropertyValue]) {
    self.properties = properties
  }

  /// The value of `property` as the player sent it, or `nil` when it did not.
  public subscript(property: PlayerProperty) -> PropertyValue? {
    get { properties[property.rawValue] }
    set { properties[property.rawValue] = newValue }
  }

  /// `PlaybackStatus`.
  public var playbackStatus: PlaybackStatus? {
    self[.playbackStatus]?.stringValue.flatMap(PlaybackStatus.init)
  }
  /// `LoopStatus`.
  public var loopStatus: LoopStatus? { self[.loopStatus]?.stringValue.flatMap(LoopStatus.init) }
  /// `Shuffle`.
  public var shuffle: Bool? { self[.shuffle]?.boolValue }
  /// `Volume`.
  public var volume: Double? { self[.volume]?.doubleValue }
  /// `Position`, in microseconds, as last read (it is never signalled).
  public var position: Int64? { self[.position]?.int64Value }
  /// `Rate` (1 when the player does not say).
  public var rate: Double { self[.rate]?.doubleValue ?? 1 }
  /// `Metadata`, variants unwrapped.
  public var metadata: [String: PropertyValue] {
    (self[.metadata]?.dictionaryValue ?? [:]).mapValues(\.unwrapped)
  }
  /// `mpris:trackid` (an object path; read leniently from a string too).
  public var trackID: String? { metadata[MetadataKey.trackID.rawValue]?.stringValue }
  /// `mpris:length`, in microseconds.
  public var length: Int64? { metadata[MetadataKey.length.rawValue]?.int64Value }
  /// `xesam:title`.
  public var title: String? { metadata[MetadataKey.title.rawValue]?.stringValue }
  /// `xesam:artist`, joined with ", ".
  public var artist: String? { metadata[MetadataKey.artist.rawValue]?.stringsValue?.joined(separator: ", ") }

  /// `CanPlay` (false when absent, as playerctl reads it).
  public var canPlay: Bool { self[.canPlay]?.boolValue ?? false }
  /// `CanPause`.
  public var canPause: Bool { self[.canPause]?.boolValue ?? false }
  /// `CanGoNext`.
  public var canGoNext: Bool { self[.canGoNext]?.boolValue ?? false }
  /// `CanGoPrevious`.
  public var canGoPrevious: Bool { self[.canGoPrevious]?.boolValue ?? false }
  /// `CanSeek`.
  public var canSeek: Bool { self[.canSeek]?.boolValue ?? false }
  /// `CanControl`.
  public var canControl: Bool { self[.canControl]?.boolValue ?? false }

  /// Takes in a `PropertiesChanged` of the player interface: new values replace old ones and
  /// invalidated properties are dropped (read them again to know them). Other events and
  /// interfaces change nothing here.
  public mutating func apply(_ event: PlayerEvent) {
    switch event {
    case .propertiesChanged(let interface, let changed, let invalidated):
      guard interface == MediaPlayerInterface.player.rawValue else { return }
      properties.merge(changed) { _, new in new }
      for name in invalidated { properties[name] = nil }
    case .seeked(let position):
      self[.position] = .int64(position)
    }
  }
}
