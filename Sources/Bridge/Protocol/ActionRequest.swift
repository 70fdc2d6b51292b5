import RemoteControl

/// What to send a client for a command a controller gave its player, following the Media
/// Session's rules: `PlayPause` is the joint command (pause while playing, play otherwise), a
/// skip is `seekforward`/`seekbackward` with an offset, or `seekto` when only that is handled.
struct ActionRequest: Sendable, Hashable {
  /// The command's name, for the `command` member: `togglePlayPause`, `skipForward`…
  var command: String
  /// The action and its details.
  var details: ActionDetails

  /// A request to send.
  init(command: String, details: ActionDetails) {
    self.command = command
    self.details = details
  }

  /// The request for `command`, given what the client handles and where its playback is;
  /// `nil` when the client handles nothing that performs it.
  ///
  /// - Parameters:
  ///   - command: What the controller asked.
  ///   - handled: The actions the client handles.
  ///   - isPlaying: Whether the playback state is `playing`.
  ///   - position: Where playback is now.
  ///   - duration: The item's length; `nil` when unknown or live.
  init?(
    _ command: RemoteControlEvent.Command, handled: Set<MediaSessionAction>, isPlaying: Bool,
    position: Duration, duration: Duration?
  ) {
    func plain(_ name: String, _ action: MediaSessionAction) -> ActionRequest? {
      handled.contains(action) ? ActionRequest(command: name, details: ActionDetails(action: action)) : nil
    }
    func seek(to time: Duration, _ name: String) -> ActionRequest? {
      guard handled.contains(.seekto) else { return nil }
      let clamped = min(max(time, .zero), duration ?? time)
      return ActionRequest(
        command: name,
        details: ActionDetails(action: .seekto, seekTime: clamped / .seconds(1), fastSeek: false))
    }
    let request: ActionRequest?
    switch command {
    case .play: request = plain("play", .play)
    case .pause: request = plain("pause", .pause)
    case .stop: request = plain("stop", .stop)
    case .togglePlayPause:
      request = isPlaying ? plain("togglePlayPause", .pause) : plain("togglePlayPause", .play)
    case .nextTrack: request = plain("nextTrack", .nexttrack)
    case .previousTrack: request = plain("previousTrack", .previoustrack)
    case .skipForward(let interval):
      request =
        handled.contains(.seekforward)
        ? ActionRequest(
          command: "skipForward",
          details: ActionDetails(action: .seekforward, seekOffset: interval / .seconds(1)))
        : seek(to: position + interval, "skipForward")
    case .skipBackward(let interval):
      request =
        handled.contains(.seekbackward)
        ? ActionRequest(
          command: "skipBackward",
          details: ActionDetails(action: .seekbackward, seekOffset: interval / .seconds(1))
        )
        : seek(to: position - interval, "skipBackward")
    case .changePlaybackPosition(let time): request = seek(to: time, "changePlaybackPosition")
    case .beginSeekingBackward, .endSeekingBackward, .beginSeekingForward, .endSeekingForward,
      .changePlaybackRate, .changeRepeatMode, .changeShuffleMode, .changeRating, .like, .dislike, .bookmark,
      .enableLanguageOption, .disableLanguageOption, .changeVolume, .openURI, .raise, .quit, .goToQueueItem,
      .addQueueItem, .removeQueueItem, .activatePlaylist:
      request = nil
    }
    guard let request else { return nil }
    self = request
  }
}
