import DBus
import RemoteControl
import RemoteControlBackend

/// The adapter of the `org.mpris.MediaPlayer2.Player` interface over the application's command
/// center and Now Playing info: its methods become remote control events, its properties come
/// from its table (``propertyTable``).
enum PlayerInterface {
  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: MediaPlayerInterface.player.rawValue,
      methods: methods(state: state, dispatcher: dispatcher),
      properties: state.interfaceProperties(.player, dispatcher: dispatcher),
      signals: [Interface.Signal(PlayerSignal.seeked.rawValue, "x", argumentNames: ["Position"])])
  }

  // MARK: - Methods

  private static func methods(state: MediaPlayerState, dispatcher: EventDispatcher) -> [Interface.Method] {
    /// A method that sends `command` when `isAllowed`, and otherwise has no effect.
    func simple(
      _ method: PlayerMethod, _ command: RemoteControlEvent.Command,
      when isAllowed: @escaping @Sendable (borrowing MediaPlayerModel) -> Bool
    ) -> Interface.Method {
      Interface.Method(method) { call in
        guard state.read(isAllowed) else { return call.reply() }
        dispatcher.deliver(command, answering: call)
      }
    }
    let canControl = state.configuration.canControl
    return [
      simple(.next, .nextTrack) { $0.canGoNext },
      simple(.previous, .previousTrack) { $0.canGoPrevious },
      simple(.pause, .pause) { $0.canPause },
      simple(.play, .play) { $0.canPlay },
      // PlayPause: with CanPause false, no effect and an error, as the spec says.
      Interface.Method(PlayerMethod.playPause) { call in
        guard state.read({ $0.canPause }) else {
          return call.fail(BusError(.notSupported, "PlayPause is not available now: CanPause is false"))
        }
        dispatcher.deliver(.togglePlayPause, answering: call)
      },
      // Stop: with CanControl false, no effect and an error, as the spec says; likewise when the
      // stop command is not offered (the rule of the article "Commands that are not offered").
      Interface.Method(PlayerMethod.stop) { call in
        guard canControl else {
          return call.fail(BusError(.notSupported, "Stop is not available: CanControl is false"))
        }
        guard state.read({ $0.offers(.stop) }) else {
          return call.fail(
            BusError(.notSupported, "Stop is not available: the player's stop command is disabled"))
        }
        dispatcher.deliver(.stop, answering: call)
      },
      Interface.Method(PlayerMethod.seek) { call in
        guard let offset = call.arguments.first?.int64Value else { return call.reply() }
        let position = Microseconds(state.nowPlaying.elapsedPlaybackTime)
        let request = state.read { model -> SeekRequest? in
          guard model.canSeek else { return nil }
          let request = SeekRequest(
            offset: Microseconds(rawValue: offset), position: position, length: model.length)
          return request == .nextTrack && !model.canGoNext ? nil : request
        }
        guard let command = request?.command else { return call.reply() }
        dispatcher.deliver(command, answering: call)
      },
      Interface.Method(PlayerMethod.setPosition) { call in
        guard call.arguments.count == 2, let trackID = call.arguments[0].stringValue,
          let position = call.arguments[1].int64Value
        else { return call.reply() }
        let request = state.read { model -> PositionRequest? in
          guard model.canSeek else { return nil }
          return PositionRequest(
            trackID: trackID, position: Microseconds(rawValue: position),
            current: TrackID(model.application.nowPlaying.info), length: model.length)
        }
        guard case .move(let target) = request else { return call.reply() }
        dispatcher.deliver(.changePlaybackPosition(target), answering: call)
      },
      Interface.Method(PlayerMethod.openURI) { call in
        guard let uri = call.arguments.first?.stringValue else { return call.reply() }
        guard canControl else {
          return call.fail(BusError(.notSupported, "OpenUri is not available: CanControl is false"))
        }
        guard state.read({ $0.offers(.openURI) }) else {
          return call.fail(
            BusError(
              .notSupported,
              "OpenUri is not available: the player's open-URI command has no target or is disabled"))
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
}
