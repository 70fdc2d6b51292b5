package import DBus
internal import FoundationEssentials
internal import HubAPI
package import HubCore
package import InputDevices
package import Logging
internal import NowPlayingArbiter
internal import PlayerView
package import RemoteControl
internal import RemoteControlMPRIS

/// The headset button, as the hub runs it: `io.github.swift_remote_control.Button1` at the hub's
/// path takes the key's presses and releases (`remotectl button press` / `release`, bound to the
/// key by the window manager), a ``HeadsetButtonRecognizer`` turns them into iOS's events, and
/// each event goes to the Now Playing player:
///
/// - one, two, three clicks: MPRIS `PlayPause`, `Next`, `Previous`;
/// - a hold: `BeginSeekingForward`/`Backward` on the extension interface of a player of ours,
///   and the matching end on the release; any other player gets `Seek` of ``seekStep`` every
///   ``seekInterval`` from the hold until the release, or until ``seekTimeout`` if the release
///   never comes.
///
/// The same button read from the headset's own input device (``key(_:)``, fed by the hub's
/// `InputDeviceReader`) needs no binding: its `KEY_PLAYPAUSE`, `KEY_MEDIA` or `KEY_PLAYCD` press and
/// release are the button's. A held `KEY_FASTFORWARD` or `KEY_REWIND` (a headset's, or bluetoothd's
/// AVRCP device for a car's held key) begins seeking forward or backward, and its release ends it,
/// as iOS's `MPRemoteCommandCenter.seekForwardCommand` and `seekBackwardCommand` receive an
/// `MPSeekCommandEvent` of type `beginSeeking` and then `endSeeking`.
///
/// Every call goes through the hub's ``CommandPath``, which records it as the user's command as
/// it records the proxy's and the web remote's.
package final class HeadsetButton: Sendable {
  /// How far each `Seek` call of a held button moves a player that is not ours.
  static let seekStep: Duration = .seconds(5)
  /// How often a held button calls `Seek`.
  static let seekInterval: Duration = .milliseconds(500)
  /// How long `Seek` calls go on without the release: as ``ContinuousSeek``'s default timeout.
  static let seekTimeout: Duration = .seconds(30)

  /// The hub's one path for a user's command.
  package let commands: CommandPath
  package let logger: Logger
  let recognizer: HeadsetButtonRecognizer
  /// The begin and end of seeks held on a seek key, sent in the order the keys went down and up.
  private let seekKeys: AsyncStream<RemoteControlEvent>
  private let seekKeysContinuation: AsyncStream<RemoteControlEvent>.Continuation

  package init(
    commands: CommandPath, logger: Logger,
    configuration: HeadsetButtonRecognizer.Configuration = HeadsetButton.configuration()
  ) {
    self.commands = commands
    self.logger = logger
    recognizer = HeadsetButtonRecognizer(configuration: configuration, source: .other("headset"))
    (seekKeys, seekKeysContinuation) = AsyncStream.makeStream(of: RemoteControlEvent.self)
  }

  deinit { seekKeysContinuation.finish() }

  /// A key of a headset or remote went down or up: the button's keys go to the recognizer, the
  /// seek keys begin or end a seek; the kernel's repeats of a held key change nothing.
  package func key(_ event: KeyEvent) {
    if KeyCode.headsetButton.contains(event.code) {
      switch event.action {
      case .press: recognizer.press()
      case .release: recognizer.release()
      case .repeated: break
      }
    } else if KeyCode.seekKeys.contains(event.code) {
      let forward = event.code == .fastForward
      let command: RemoteControlEvent.Command? =
        switch event.action {
        case .press: forward ? .beginSeekingForward : .beginSeekingBackward
        case .release: forward ? .endSeekingForward : .endSeekingBackward
        case .repeated: nil
        }
      if let command { seekKeysContinuation.yield(RemoteControlEvent(command, source: recognizer.source)) }
    }
  }

  /// The recognizer's windows: iOS's defaults, or wider for someone who clicks slowly (iOS's
  /// Accessibility ▸ Click Speed), from `REMOTECTLD_CLICK_INTERVAL_MS` (the longest gap between
  /// the clicks of one sequence) and `REMOTECTLD_HOLD_MS` (how long a press lasts before it is a
  /// hold), in milliseconds; a value that is not a positive whole number is ignored.
  package static func configuration(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> HeadsetButtonRecognizer.Configuration {
    var configuration = HeadsetButtonRecognizer.Configuration()
    if let milliseconds = environment["REMOTECTLD_CLICK_INTERVAL_MS"].flatMap(Int.init), milliseconds > 0 {
      configuration.multiClickInterval = .milliseconds(milliseconds)
    }
    if let milliseconds = environment["REMOTECTLD_HOLD_MS"].flatMap(Int.init), milliseconds > 0 {
      configuration.holdDuration = .milliseconds(milliseconds)
    }
    return configuration
  }

  /// `Press()` and `Release()`: the key went down, or up. Both answer at once.
  package var interface: Interface {
    Interface(
      name: Button1.interface,
      methods: [
        Interface.Method(Button1.Method.press) { [recognizer] call in
          recognizer.press()
          call.reply()
        },
        Interface.Method(Button1.Method.release) { [recognizer] call in
          recognizer.release()
          call.reply()
        },
      ])
  }

  /// Sends each recognised event and each seek key's begin and end to the Now Playing player, in
  /// order, until cancelled; a seek still under way then stops.
  package func run() async {
    let (events, merged) = AsyncStream.makeStream(of: RemoteControlEvent.self)
    let forwarding = [recognizer.events, seekKeys].map { source in
      Task {
        for await event in source { merged.yield(event) }
      }
    }
    defer { forwarding.forEach { $0.cancel() } }
    await withTaskCancellationHandler {
      await send(events)
    } onCancel: {
      forwarding.forEach { $0.cancel() }
      merged.finish()
    }
  }

  /// Sends every event of `events` until it ends.
  private func send(_ events: AsyncStream<RemoteControlEvent>) async {
    var seek: HeldSeek?
    for await event in events {
      switch event.command {
      case .togglePlayPause, .nextTrack, .previousTrack:
        // The MPRIS method that is the recognised command: PlayPause, Next, Previous.
        if let method = PlayerMethod(RemoteCommandKind(event.command)) { await send(method) }
      case .beginSeekingForward: seek = await begin(forward: true, replacing: seek)
      case .beginSeekingBackward: seek = await begin(forward: false, replacing: seek)
      case .endSeekingForward, .endSeekingBackward:
        await end(seek)
        seek = nil
      default: break
      }
    }
    if case .seekCalls(let task, _)? = seek { task.cancel() }
  }

  // MARK: - Sending

  /// Calls the MPRIS player method `method` on the Now Playing player.
  private func send(_ method: PlayerMethod) async {
    let member = method.rawValue
    do {
      try await commands.send(.player(method), to: .nowPlaying)
      logger.debug("headset button: \(member)")
    } catch {
      if error.name == Hub1.ErrorName.noPlayer {
        logger.info("headset button: no player to \(member)")
      } else {
        logger.warning("headset button: the player refused \(member)", metadata: ["error": "\(error)"])
      }
    }
  }

  /// Begins a seek on the Now Playing player (ending `current` first): through the extension
  /// interface when the player serves it, else with `Seek` calls.
  private func begin(forward: Bool, replacing current: HeldSeek?) async -> HeldSeek? {
    await end(current)
    let beginning = UserCommand.remoteControl(forward ? .beginSeekingForward : .beginSeekingBackward)
    // The player that has the Now Playing place now keeps the seek, its end and every Seek call.
    guard let owner = commands.player(for: beginning, at: .nowPlaying) else {
      logger.info("headset button: no player to seek")
      return nil
    }
    do {
      try await commands.send(beginning, to: .player(owner))
      logger.debug("headset button: seeking through the extension interface", metadata: ["owner": "\(owner)"])
      return .extensionInterface(owner: owner, forward: forward)
    } catch {
      logger.debug(
        "headset button: seeking with Seek calls", metadata: ["owner": "\(owner)", "reason": "\(error)"])
    }
    let commands = self.commands
    let offset = Microseconds(forward ? Self.seekStep : .zero - Self.seekStep).rawValue
    let seek = UserCommand.player(.seek, [.int64(offset)])
    let logger = self.logger
    let task = Task {
      let clock = ContinuousClock()
      let deadline = clock.now + Self.seekTimeout
      while !Task.isCancelled {
        guard clock.now < deadline else {
          logger.info(
            "headset button: no release after \(Self.seekTimeout); the Seek calls stop",
            metadata: ["owner": "\(owner)"])
          return
        }
        do {
          try await commands.send(seek, to: .player(owner))
        } catch {
          logger.info(
            "headset button: the player refused Seek; the Seek calls stop",
            metadata: ["owner": "\(owner)", "error": "\(error)"])
          return
        }
        do { try await clock.sleep(for: Self.seekInterval) } catch { return }
      }
    }
    return .seekCalls(task: task, forward: forward)
  }

  /// Ends `seek`, if any: the extension's end seeking call to its player, or no more `Seek` calls.
  private func end(_ seek: HeldSeek?) async {
    switch seek {
    case nil: return
    case .seekCalls(let task, _)?: task.cancel()
    case .extensionInterface(let owner, let forward)?:
      do {
        try await commands.send(
          .remoteControl(forward ? .endSeekingForward : .endSeekingBackward), to: .player(owner))
      } catch {
        logger.info(
          "headset button: the player did not take the end of the seek",
          metadata: ["owner": "\(owner)", "error": "\(error)"])
      }
    }
  }
}
