import DBus
import RemoteControl

extension PlayerInterface {
  /// The properties of `org.mpris.MediaPlayer2.Player`: name, D-Bus type, value, whether changes
  /// are announced, and what a write asks for, one entry each.
  static let propertyTable: PropertyTable = {
    typealias Entry = PropertyTable.Entry
    /// A property whose changes are announced; writable when `write` is given.
    func property(
      _ name: PlayerProperty, _ signature: Signature,
      change: Interface.Property.ChangeBehavior = .emitsChange,
      _ value: @escaping @Sendable (MediaPlayerModel) -> Value, write: Entry.Write? = nil
    ) -> Entry {
      Entry(name.rawValue, signature, change: change, value: value, write: write)
    }
    return PropertyTable(
      interface: .player,
      entries: [
        property(.playbackStatus, "s") { .string($0.playbackStatus.rawValue) },
        property(.loopStatus, "s", { .string($0.loopStatus.rawValue) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          .changeRepeatMode(try LoopStatus(requested: value.stringValue ?? "").repeatMode)
        },
        property(.rate, "d", { .double($0.rate) }) {
          (value: Value, model: MediaPlayerModel) throws(RequestRefusal) in
          try RateRequest(
            rate: value.doubleValue ?? .nan, minimum: model.minimumRate, maximum: model.maximumRate,
            supported: model.declaredPlaybackRates
          )
          .command
        },
        property(.shuffle, "b", { .bool($0.shuffle) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          .changeShuffleMode(value.boolValue == true ? .items : .off)
        },
        property(.metadata, "a{sv}") { $0.metadata.value },
        property(.volume, "d", { .double($0.volume) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          try VolumeRequest(volume: value.doubleValue ?? .nan).command
        },
        // Position: computed on each read from the last position report; never announced.
        Entry(
          PlayerProperty.position.rawValue, "x",
          onRead: { .int64(Microseconds($0.elapsedPlaybackTime).rawValue) }),
        property(.minimumRate, "d") { .double($0.minimumRate) },
        property(.maximumRate, "d") { .double($0.maximumRate) },
        property(.canGoNext, "b") { .bool($0.canGoNext) },
        property(.canGoPrevious, "b") { .bool($0.canGoPrevious) },
        property(.canPlay, "b") { .bool($0.canPlay) },
        property(.canPause, "b") { .bool($0.canPause) },
        property(.canSeek, "b") { .bool($0.canSeek) },
        // CanControl: fixed for the player's life; its changes are never announced.
        property(.canControl, "b", change: .none) { .bool($0.configuration.canControl) },
      ])
  }()
}
