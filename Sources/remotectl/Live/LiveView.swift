internal import RemoteControl
internal import RemoteControlMPRIS

/// The live view (`remotectl watch`, or `remotectl status --follow` on a terminal): the Now
/// Playing player's title, artist and a progress bar; without -p, the hub's choice when a hub
/// runs. The position is extrapolated from
/// Position × Rate and jumps only on Seeked: the bus is never polled. While playing, a local
/// timer redraws when the shown second changes; while paused nothing wakes up.
struct LiveView {
  /// Which players.
  let choice: PlayerChoice
  /// The bus.
  let session: BusSession

  /// Shows the view until interrupted; throws ``ControlError/busLost`` when the bus goes away.
  func run() async throws(ControlError) {
    var tracker = PlayerTracker(choice: choice)
    let (inputs, continuation, stop) = try await tracker.start(session: session)
    defer { stop() }
    // The hub's choice comes first whenever a hub runs, as for `status --follow` piped and for
    // every command without -p: one answer to "which player".
    let hub = await HubWatch.start(choice: choice, session: session) { continuation.yield(.tick) }
    defer { hub?.stop() }
    var screen = LiveScreen()
    var frameTimer: Task<Void, Never>?
    func redraw(_ tracker: PlayerTracker) {
      frameTimer?.cancel()
      frameTimer = nil
      guard let (identity, tracked) = (hub?.ordered(tracker.ordered) ?? tracker.ordered).first else {
        screen.show(.noPlayer)
        return
      }
      let now = ContinuousClock.now
      let position = tracked.position.microseconds(at: now)
      screen.show(
        .make(
          player: identity.instance, status: tracked.state.playbackStatus?.rawValue,
          title: tracked.state.title,
          artist: tracked.state.artist, position: position, length: tracked.state.length))
      let rate = tracked.position.state.playbackRate
      guard tracked.position.isMoving, rate > 0 else { return }
      let untilNextSecond = Double(1_000_000 - position % 1_000_000) / rate
      frameTimer = Task {
        try? await Task.sleep(until: now + .microseconds(Int64(untilNextSecond) + 1_000), clock: .continuous)
        if !Task.isCancelled { continuation.yield(.tick) }
      }
    }
    redraw(tracker)
    for await input in inputs {
      if case .busLost = input {
        frameTimer?.cancel()
        throw .busLost
      }
      await tracker.handle(input, session: session, continuation: continuation)
      redraw(tracker)
    }
    frameTimer?.cancel()
  }
}

/// Draws frames in place on a terminal: each frame is two whole lines; the next one first moves
/// the cursor back up over them.
struct LiveScreen {
  private var drawn = false
  private var last: LiveFrame?

  /// Replaces the previous frame with `frame` (nothing is written when it is the same).
  mutating func show(_ frame: LiveFrame) {
    guard frame != last else { return }
    var text = drawn ? "\u{1B}[2A\r" : ""
    text += "\u{1B}[2K" + frame.header + "\n\u{1B}[2K" + frame.progress + "\n"
    StandardStreams.write(text)
    drawn = true
    last = frame
  }
}
