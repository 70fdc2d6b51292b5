import DBus
import RemoteControl

/// The adapter of the `org.mpris.MediaPlayer2.Player` interface over the application's command
/// center and Now Playing info: its methods become remote control events, its properties are
/// read from the Now Playing info center and the command center's mirror.
enum PlayerInterface {
  /// `org.mpris.MediaPlayer2.Player`.
  static let name = "org.mpris.MediaPlayer2.Player"

  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: name,
      methods: methods(state: state, dispatcher: dispatcher),
      properties: properties(state: state, dispatcher: dispatcher),
      signals: [Interface.Signal("Seeked", "x", argumentNames: ["Position"])])
  }

  // MARK: - Methods

  private static func methods(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Method] {
    /// A method that sends `command` when `isAllowed`, and otherwise has no effect.
    func simple(
      _ member: String, _ command: RemoteControlEvent.Command,
      when isAllowed: @escaping @Sendable (PlayerProperties) -> Bool
    ) -> Interface.Method {
      Interface.Method(member) { call in
        guard isAllowed(state.player) else { return call.reply() }
        dispatcher.deliver(command, answering: call)
      }
    }
    let canControl = state.configuration.canControl
    return [
      simple("Next", .nextTrack) { $0.canGoNext },
      simple("Previous", .previousTrack) { $0.canGoPrevious },
      simple("Pause", .pause) { $0.canPause },
      simple("Play", .play) { $0.canPlay },
      // PlayPause: with CanPause false, no effect and an error, as the spec says.
      Interface.Method("PlayPause") { call in
        guard state.player.canPause else {
          return call.fail(BusError(.notSupported, "PlayPause is not available now: CanPause is false"))
        }
        dispatcher.deliver(.togglePlayPause, answering: call)
      },
      // Stop: with CanControl false, no effect and an error, as the spec says.
      Interface.Method("Stop") { call in
        guard canControl else {
          return call.fail(BusError(.notSupported, "Stop is not available: CanControl is false"))
        }
        dispatcher.deliver(.stop, answering: call)
      },
      Interface.Method("Seek", in: "x", inNames: ["Offset"]) { call in
        guard state.player.canSeek, let offset = call.arguments.first?.int64Value else { return call.reply() }
        let snapshot = state.nowPlaying.snapshot
        let request = SeekRequest(
          offset: Microseconds(rawValue: offset), position: state.position, length: snapshot.length)
        if request == .nextTrack, !state.player(for: snapshot).canGoNext { return call.reply() }
        guard let command = request.command else { return call.reply() }
        dispatcher.deliver(command, answering: call)
      },
      Interface.Method("SetPosition", in: "ox", inNames: ["TrackId", "Position"]) { call in
        guard state.player.canSeek, call.arguments.count == 2,
          let trackID = call.arguments[0].stringValue, let position = call.arguments[1].int64Value
        else { return call.reply() }
        let snapshot = state.nowPlaying.snapshot
        let request = PositionRequest(
          trackID: trackID, position: Microseconds(rawValue: position), current: TrackID(snapshot.info),
          length: snapshot.length)
        guard case .move(let target) = request else { return call.reply() }
        dispatcher.deliver(.changePlaybackPosition(target), answering: call)
      },
      Interface.Method("OpenUri", in: "s", inNames: ["Uri"]) { call in
        guard let uri = call.arguments.first?.stringValue else { return call.reply() }
        guard canControl else {
          return call.fail(BusError(.notSupported, "OpenUri is not available: CanControl is false"))
        }
        let schemes = state.configuration.supportedURISchemes
        let scheme = uri.prefix { $0 != ":" }.lowercased()
        guard schemes.contains(scheme) else {
          return call.fail(
            BusError(
              .notSupported,
              "cannot open \"\(uri)\": its scheme is not one of SupportedUriSchemes \(schemes)"))
        }
        dispatcher.deliver(.openURI(uri), answering: call)
      },
    ]
  }

  // MARK: - Properties

  private static func properties(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Property]
  {
    /// A read-only property whose changes are announced.
    func read(
      _ property: PlayerProperty, _ signature: Signature,
      _ value: @escaping @Sendable (PlayerProperties) -> Value
    )
      -> Interface.Property
    {
      Interface.Property(property.rawValue, signature) { value(state.player) }
    }
    /// A writable property: checks `CanControl`, then turns the value into a command.
    func write(
      _ property: PlayerProperty, _ signature: Signature,
      _ value: @escaping @Sendable (PlayerProperties) -> Value,
      command: @escaping @Sendable (Value) throws(RequestRefusal) -> RemoteControlEvent.Command
    ) -> Interface.Property {
      Interface.Property(property.rawValue, signature) {
        value(state.player)
      } set: { (newValue: Value, sender: BusName?) throws(BusError) in
        guard state.configuration.canControl else {
          throw BusError(.propertyReadOnly, "\(property.rawValue) cannot be set: CanControl is false")
        }
        let request: RemoteControlEvent.Command
        do throws(RequestRefusal) {
          request = try command(newValue.unwrappingVariants)
        } catch {
          throw BusError.invalidArgs(error.message)
        }
        dispatcher.deliver(request, from: sender?.rawValue ?? "")
      }
    }
    return [
      read(.playbackStatus, "s") { .string($0.playbackStatus.rawValue) },
      write(.loopStatus, "s", { .string($0.loopStatus.rawValue) }) { (value: Value) throws(RequestRefusal) in
        .changeRepeatMode(try LoopStatus(requested: value.stringValue ?? "").repeatMode)
      },
      write(.rate, "d", { .double($0.rate) }) { (value: Value) throws(RequestRefusal) in
        let limits = state.player
        return try RateRequest(
          rate: value.doubleValue ?? .nan, minimum: limits.minimumRate, maximum: limits.maximumRate
        ).command
      },
      write(.shuffle, "b", { .bool($0.shuffle) }) { (value: Value) throws(RequestRefusal) in
        .changeShuffleMode(value.boolValue == true ? .items : .off)
      },
      read(.metadata, "a{sv}") { $0.metadataValue },
      write(.volume, "d", { .double($0.volume) }) { (value: Value) throws(RequestRefusal) in
        try VolumeRequest(volume: value.doubleValue ?? .nan).command
      },
      // Position: computed on each read from the last position report; never announced.
      Interface.Property("Position", "x", change: .none) { .int64(state.position.rawValue) },
      read(.minimumRate, "d") { .double($0.minimumRate) },
      read(.maximumRate, "d") { .double($0.maximumRate) },
      read(.canGoNext, "b") { .bool($0.canGoNext) },
      read(.canGoPrevious, "b") { .bool($0.canGoPrevious) },
      read(.canPlay, "b") { .bool($0.canPlay) },
      read(.canPause, "b") { .bool($0.canPause) },
      read(.canSeek, "b") { .bool($0.canSeek) },
      // CanControl: fixed for the player's life; its changes are never announced.
      Interface.Property("CanControl", "b", change: .none) { .bool(state.configuration.canControl) },
    ]
  }
}
