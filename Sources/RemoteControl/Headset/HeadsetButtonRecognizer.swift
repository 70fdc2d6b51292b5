import Synchronization

/// Turns the presses and releases of a one-button headset remote into remote control events,
/// with the meaning iOS gives them.
///
/// On iOS a wired headset's single button does more than play and pause: the system counts the
/// clicks and how long the last one is held. Linux delivers that button as one key
/// (`KEY_PLAYPAUSE`); tell this recognizer when it goes down (``press()``) and up
/// (``release()``) and it sends, on ``events``:
///
/// | The button | Event |
/// |---|---|
/// | one click | ``RemoteControlEvent/Command/togglePlayPause`` |
/// | two clicks | ``RemoteControlEvent/Command/nextTrack`` |
/// | three clicks | ``RemoteControlEvent/Command/previousTrack`` |
/// | one click, then press and hold | ``RemoteControlEvent/Command/beginSeekingForward``, then ``RemoteControlEvent/Command/endSeekingForward`` on the release |
/// | two clicks, then press and hold | ``RemoteControlEvent/Command/beginSeekingBackward``, then ``RemoteControlEvent/Command/endSeekingBackward`` on the release |
/// | press and hold, no click before | nothing (iOS gives it to Siri) |
///
/// A press is a click when it is released within ``Configuration/holdDuration``, and clicks
/// belong together when each press comes within ``Configuration/multiClickInterval`` of the
/// release before it. A single or double click is therefore sent
/// ``Configuration/multiClickInterval`` after its release, never later; a triple click is sent
/// at its release, since nothing follows it; the begin of a seek when the press has lasted
/// ``Configuration/holdDuration``. A press while the button is down (a key repeat) and a release
/// while it is up are ignored. The recognizer sends only the end of a seek it began; stopping a
/// seek whose release never comes is the receiver's part (``ContinuousSeek`` times out).
///
/// Time is read from an injectable clock, so that tests drive it with a `ManualClock`-like clock (RemoteControlTesting).
/// What it sends depends only on the instants of the presses and releases: a timer that runs
/// late sends what was due at its deadline, and a press or release first sends whatever fell due
/// before it.
///
/// There is no UIKit type for it: on iOS the system does this before the app sees
/// `UIEvent.EventSubtype.remoteControlTogglePlayPause` and its siblings.
public final class HeadsetButtonRecognizer: Sendable {
  /// The time windows.
  public let configuration: Configuration
  /// The source of the events it sends.
  public let source: RemoteControlEvent.Source
  /// The events recognised, in order; iterate it once. It ends when the recognizer is released.
  public let events: AsyncStream<RemoteControlEvent>

  private struct Timed: Sendable {
    var state: HeadsetButtonState
    var timer: Task<Void, Never>?
  }

  private let continuation: AsyncStream<RemoteControlEvent>.Continuation
  /// The clock's time since the recognizer was made.
  private let now: @Sendable () -> Duration
  /// Sleeps until that time since the recognizer was made.
  private let sleep: @Sendable (Duration) async throws -> Void
  private let timed: Mutex<Timed>

  /// Creates a recognizer.
  ///
  /// - Parameters:
  ///   - configuration: The time windows; iOS-like by default.
  ///   - source: The source of the events it sends; `.other("headset")` by default.
  ///   - clock: The clock the windows are measured on; a manual clock in tests.
  public init(
    configuration: Configuration = Configuration(),
    source: RemoteControlEvent.Source = .other("headset"),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.configuration = configuration
    self.source = source
    (events, continuation) = AsyncStream.makeStream(of: RemoteControlEvent.self)
    (now, sleep) = Self.timing(on: clock)
    timed = Mutex(Timed(state: HeadsetButtonState(configuration: configuration)))
  }

  /// Reading `clock` and sleeping on it, as times since now.
  private static func timing<C: Clock<Duration>>(on clock: C) -> (
    now: @Sendable () -> Duration, sleep: @Sendable (Duration) async throws -> Void
  ) {
    let origin = clock.now
    return (
      { origin.duration(to: clock.now) },
      { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    )
  }

  deinit {
    timed.withLock { $0.timer?.cancel() }
    continuation.finish()
  }

  /// The button went down.
  public func press() {
    handle { state, instant in state.press(at: instant) }
  }

  /// The button came up.
  public func release() {
    handle { state, instant in state.release(at: instant) }
  }

  // MARK: - Timing

  /// Feeds the state the input at the clock's time, sends what it returns and sets the timer
  /// for its next deadline.
  private func handle(
    _ input: (inout HeadsetButtonState, Duration) -> [RemoteControlEvent.Command]
  ) {
    let instant = now()
    timed.withLock { timed in
      // Sent under the lock, so that the events leave in the order they were recognised.
      for command in input(&timed.state, instant) {
        continuation.yield(RemoteControlEvent(command, source: source))
      }
      timed.timer?.cancel()
      timed.timer = nil
      guard let deadline = timed.state.deadline else { return }
      let sleep = self.sleep
      timed.timer = Task { [weak self] in
        do { try await sleep(deadline) } catch { return }
        self?.handle { state, _ in state.expire(until: deadline) }
      }
    }
  }
}
