package import DBus
package import RemoteControlMPRIS

/// What the hub knows of one player, kept by the unique name of its connection: its MPRIS bus
/// names, every property of every interface it serves as it last read or announced them, the
/// interfaces beyond MPRIS's two it serves, and its position.
///
/// One mirror per player serves every part of the hub: the Now Playing rule, the proxy player,
/// the web remote. None of them asks the player for what its mirror holds.
package struct PlayerMirror: Sendable {
  /// The unique name of its connection (`:1.42`).
  package let owner: BusName
  /// Its MPRIS bus names (`org.mpris.MediaPlayer2.vlc`), in the order they appeared.
  package var busNames: [BusName]
  /// Property values (variants unwrapped) by interface (``InterfaceDescription/key``), then by
  /// name.
  package var properties: [String: [String: Value]] = [:]
  /// The interfaces other than D-Bus's and MPRIS's two that it introspects as, at the MPRIS path
  /// and at its child objects.
  package var interfaces: [InterfaceDescription] = []
  /// Where its playback is.
  package var position = PlayerPosition.zero
  /// Whether its root and player interfaces have been read: until then it is known only by name.
  package var isLoaded = false
  /// The process of its connection as the bus reported it (``Connection/processID(of:timeout:)``),
  /// or why the bus could not say; `nil` until the bus has answered. Asked once, when the view
  /// first sees the player (``PlayerView/Change/processIdentified(owner:)``).
  package var process: Result<Int32, BusError>?

  /// A mirror of a player known only by its names so far.
  package init(owner: BusName, busNames: [BusName]) {
    self.owner = owner
    self.busNames = busNames
  }

  // MARK: - Reading

  /// The shortest bus name, which stands for the player.
  package var busName: BusName? {
    busNames.min { ($0.rawValue.utf8.count, $0.rawValue) < ($1.rawValue.utf8.count, $1.rawValue) }
  }

  /// A property of MPRIS's player interface.
  package subscript(player property: PlayerProperty) -> Value? {
    properties[MediaPlayerInterface.player.rawValue]?[property.rawValue]
  }

  /// A property of MPRIS's root interface.
  package subscript(root property: RootProperty) -> Value? {
    properties[MediaPlayerInterface.root.rawValue]?[property.rawValue]
  }

  /// A property of the package's extension interface (at its child object).
  package subscript(remoteControl property: String) -> Value? {
    properties[InterfaceDescription.key(MediaPlayerInterface.remoteControl.rawValue, at: .remoteControl)]?[
      property]
  }

  /// `PlaybackStatus`, as the player spelled it; `nil` when it gave none.
  package var playbackStatus: String? { self[player: .playbackStatus]?.stringValue }

  /// Whether `PlaybackStatus` is `Playing`.
  package var isPlaying: Bool { playbackStatus == PlaybackStatus.playing.rawValue }

  /// `Metadata`'s entries, variants unwrapped.
  package var metadata: [String: Value] {
    guard case .dictionary(_, _, let entries)? = self[player: .metadata] else { return [:] }
    var result: [String: Value] = [:]
    for entry in entries {
      if let key = entry.key.stringValue { result[key] = entry.value.unwrappingVariants }
    }
    return result
  }

  /// `Metadata`'s entry `key`, its variant unwrapped: read where it is, for the few entries a
  /// caller needs, without making the dictionary of all of them (``metadata``).
  package func metadata(_ key: MetadataKey) -> Value? {
    guard case .dictionary(_, _, let entries)? = self[player: .metadata] else { return nil }
    return entries.last { $0.key.stringValue == key.rawValue }?.value.unwrappingVariants
  }

  /// `mpris:length` in microseconds, when the metadata gives one.
  package var lengthMicroseconds: Int64? { metadata(.length)?.int64Value }

  /// `Rate`, when the player gives one.
  package var rate: Double? { self[player: .rate]?.doubleValue }

  /// `Position` now, in microseconds, extrapolated.
  package func positionMicroseconds(at instant: ContinuousClock.Instant) -> Int64 {
    position.microseconds(at: instant)
  }

  // MARK: - Recording

  /// Records `values` of interface `key`, read (replacing what was known of the interface) or
  /// announced (merged into it), at `instant`; the position follows `Position`,
  /// `PlaybackStatus`, `Rate` and `mpris:length`.
  ///
  /// - Returns: Whether the position can no longer be known without reading `Position`: the
  ///   track changed.
  package mutating func record(
    _ values: [String: Value], of key: String, replacing: Bool, at instant: ContinuousClock.Instant
  ) -> Bool {
    let isPlayer = key == MediaPlayerInterface.player.rawValue
    // The track is told apart only when Metadata is among the values: not for a status change.
    let takesMetadata = isPlayer && values[PlayerProperty.metadata.rawValue] != nil
    let trackBefore = takesMetadata ? TrackIdentity.of(self[player: .metadata] ?? .vardict([:])) : nil
    let lengthBefore = takesMetadata ? lengthMicroseconds : nil
    if replacing {
      properties[key] = values
    } else {
      properties[key, default: [:]].merge(values) { _, new in new }
    }
    guard isPlayer else { return false }
    if let microseconds = values[PlayerProperty.position.rawValue]?.int64Value {
      position = PlayerPosition(
        microseconds: microseconds, rate: rate, lengthMicroseconds: lengthMicroseconds, isMoving: isPlaying,
        at: instant)
      return false
    }
    if values[PlayerProperty.playbackStatus.rawValue] != nil || values[PlayerProperty.rate.rawValue] != nil {
      position = position.rebased(at: instant, rate: rate, isMoving: isPlaying)
    }
    guard takesMetadata else { return false }
    if lengthMicroseconds != lengthBefore { position = position.withLength(lengthMicroseconds, at: instant) }
    return TrackIdentity.of(self[player: .metadata] ?? .vardict([:])) != trackBefore
  }

  /// Records a `Seeked` to `microseconds` at `instant`.
  package mutating func seeked(to microseconds: Int64, at instant: ContinuousClock.Instant) {
    position = PlayerPosition(
      microseconds: microseconds, rate: rate, lengthMicroseconds: lengthMicroseconds, isMoving: isPlaying,
      at: instant)
  }
}
