import DBus
import RemoteControl

extension PlayerInterface {
  /// The properties of `org.mpris.MediaPlayer2.Player`, one entry each: the declared property
  /// (name, D-Bus type, whether changes are announced), its value, and what a write asks for.
  static let propertyTable: PropertyTable = {
    typealias Entry = PropertyTable.Entry
    /// A property whose changes are announced; writable when `write` is given.
    func property(
      _ name: PlayerProperty, _ value: @escaping @Sendable (MediaPlayerModel) -> Value,
      write: Entry.Write? = nil
    ) -> Entry {
      Entry(name, value: value, write: write)
    }
    return PropertyTable(
      interface: .player,
      entries: [
        property(.playbackStatus) { .string($0.playbackStatus.rawValue) },
        property(.loopStatus, { .string($0.loopStatus.rawValue) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          .changeRepeatMode(try LoopStatus(requested: value.stringValue ?? "").repeatMode)
        },
        property(.rate, { .double($0.rate) }) {
          (value: Value, model: MediaPlayerModel) throws(RequestRefusal) in
          try RateRequest(
            rate: value.doubleValue ?? .nan, minimum: model.minimumRate, maximum: model.maximumRate,
            supported: model.declaredPlaybackRates
          )
          .command
        },
        property(.shuffle, { .bool($0.shuffle) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          .changeShuffleMode(value.boolValue == true ? .items : .off)
        },
        property(.metadata) { $0.metadata.value },
        property(.volume, { .double($0.volume) }) {
          (value: Value, _: MediaPlayerModel) throws(RequestRefusal) in
          try VolumeRequest(volume: value.doubleValue ?? .nan).command
        },
        // Position: computed on each read from the last position report; never announced.
        Entry(PlayerProperty.position, onRead: { .int64(Microseconds($0.elapsedPlaybackTime).rawValue) }),
        property(.minimumRate) { .double($0.minimumRate) },
        property(.maximumRate) { .double($0.maximumRate) },
        property(.canGoNext) { .bool($0.canGoNext) },
        property(.canGoPrevious) { .bool($0.canGoPrevious) },
        property(.canPlay) { .bool($0.canPlay) },
        property(.canPause) { .bool($0.canPause) },
        property(.canSeek) { .bool($0.canSeek) },
        // CanControl: fixed for the player's life; its changes are never announced.
        property(.canControl) { .bool($0.configuration.canControl) },
      ])
  }()
}
