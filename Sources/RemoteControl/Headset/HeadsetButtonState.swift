/// One headset button's click sequence, as a pure state machine over instants (the time since the
/// recognizer was made): ``HeadsetButtonRecognizer`` feeds it presses, releases and the deadlines
/// it asks for, and sends the commands it returns.
///
/// Every input first expires the deadlines that passed before it, at their own instants, so what
/// it returns depends only on the instants, never on when a timer's task got to run.
struct HeadsetButtonState: Sendable, Hashable {
  /// Where the sequence stands.
  enum Phase: Sendable, Hashable {
    /// No sequence under way.
    case idle
    /// The button is down after `clicks` completed clicks; it went down at `since`.
    case pressed(clicks: Int, since: Duration)
    /// The button is up after `clicks` clicks (1 or 2); it came up at `since`.
    case released(clicks: Int, since: Duration)
    /// The button is held past a click; `end` is what its release sends (`nil`: a hold of
    /// nothing).
    case holding(end: RemoteControlEvent.Command?)
  }

  let configuration: HeadsetButtonRecognizer.Configuration
  private(set) var phase = Phase.idle

  init(configuration: HeadsetButtonRecognizer.Configuration) {
    self.configuration = configuration
  }

  /// When the sequence changes by itself if nothing happens: a press becomes a hold, or a
  /// release ends the clicks; `nil` when it waits for the button.
  var deadline: Duration? {
    switch phase {
    case .pressed(_, let since): since + configuration.holdDuration
    case .released(_, let since): since + configuration.multiClickInterval
    case .idle, .holding: nil
    }
  }

  /// The button went down at `instant`; a press while down (a key repeat) changes nothing.
  mutating func press(at instant: Duration) -> [RemoteControlEvent.Command] {
    let commands = expire(until: instant)
    switch phase {
    case .idle: phase = .pressed(clicks: 0, since: instant)
    case .released(let clicks, _): phase = .pressed(clicks: clicks, since: instant)
    case .pressed, .holding: break
    }
    return commands
  }

  /// The button came up at `instant`; a release while up changes nothing.
  mutating func release(at instant: Duration) -> [RemoteControlEvent.Command] {
    var commands = expire(until: instant)
    switch phase {
    case .pressed(let clicks, _) where clicks + 1 >= 3:
      // Nothing follows a triple click: it is sent at once.
      phase = .idle
      commands.append(.previousTrack)
    case .pressed(let clicks, _):
      phase = .released(clicks: clicks + 1, since: instant)
    case .holding(let end):
      phase = .idle
      if let end { commands.append(end) }
    case .idle, .released: break
    }
    return commands
  }

  /// Acts on every deadline up to `instant`, each at its own instant.
  mutating func expire(until instant: Duration) -> [RemoteControlEvent.Command] {
    var commands: [RemoteControlEvent.Command] = []
    while let deadline, deadline <= instant {
      switch phase {
      case .pressed(clicks: 1, _):
        phase = .holding(end: .endSeekingForward)
        commands.append(.beginSeekingForward)
      case .pressed(clicks: 2, _):
        phase = .holding(end: .endSeekingBackward)
        commands.append(.beginSeekingBackward)
      case .pressed:
        // A hold that follows no click: iOS gives it to Siri; here it does nothing.
        phase = .holding(end: nil)
      case .released(let clicks, _):
        phase = .idle
        commands.append(clicks == 1 ? .togglePlayPause : .nextTrack)
      case .idle, .holding:
        return commands
      }
    }
    return commands
  }
}
