/// A responder that turns a held seek button into repeated skips, or into a faster rate.
///
/// A dedicated responder: insert it in the responder chain (between a controller and
/// the application, say) and it handles begin/end seeking events. It serves the application
/// given when it is made, and its ``next`` is that application: a controller that overrides
/// its own `next` to return it has inserted it. It holds the application weakly, so the
/// application, its first responder and this responder make no reference cycle. While a button is held it
/// sends the application ``RemoteControlEvent/Command/skipForward(_:)`` or
/// ``RemoteControlEvent/Command/skipBackward(_:)`` events every ``Configuration/interval``
/// (source ``RemoteControlEvent/Source/continuousSeek``), which travel the usual delivery path;
/// in ``Mode/rate(_:)`` mode it changes the rate instead and, at the end, restores the rate in
/// effect before the seek began (the ``PositionState/playbackRate`` reported then; 1 when none
/// was).
///
/// It stops on the matching end event, on a pause, stop, toggle, next or previous event, when
/// the playback state or the item changes, and after ``Configuration/timeout`` in case the end
/// event was lost. Time is measured on an injectable clock: in tests, `RemoteControlTesting`'s
/// `ManualClock`, with its `waitForTimer(on:)` to know when the timer has acted (its article
/// *Testing timers without races*). In rate mode, when the app declares its supported rates
/// (``ChangePlaybackRateCommand/supportedPlaybackRates``), list the seek's rate and its negation
/// there, or the command center refuses them.
@MainActor
public final class ContinuousSeek: Responder {
  /// How holding a seek button moves playback.
  public enum Mode: Sendable, Hashable {
    /// Skip this far each interval.
    case skip(Duration)
    /// Play at this rate (backward: its negation) until the end event, then at the rate before.
    case rate(Double)
  }

  /// Which way a seek goes.
  public enum Direction: Sendable, Hashable {
    /// Towards the end.
    case forward
    /// Towards the start.
    case backward
  }

  /// How continuous seeking behaves.
  public struct Configuration: Sendable, Hashable {
    /// Skips or rate. Default: skip 5 s.
    public var mode: Mode
    /// How often a skip is made. Default: 0.5 s.
    public var interval: Duration
    /// How long a seek may last without its end event. Default: 30 s.
    public var timeout: Duration

    /// Creates a configuration.
    public init(
      mode: Mode = .skip(.seconds(5)), interval: Duration = .milliseconds(500),
      timeout: Duration = .seconds(30)
    ) {
      self.mode = mode
      self.interval = interval
      self.timeout = timeout
    }
  }

  /// How seeking behaves.
  public let configuration: Configuration
  /// The direction of the seek under way; `nil` when none is.
  public private(set) var direction: Direction?

  private let clock: any Clock<Duration>
  private weak var served: Application?
  /// The rate to restore when a rate-mode seek ends.
  private var rateBefore: Double = 1
  private var timer: Task<Void, Never>?
  private var observation: (application: Application, token: ObservationToken)?
  /// Who is told when a seek stops (``stopNotifications``), by subscription.
  private var stopSubscribers: [UInt64: AsyncStream<Void>.Continuation] = [:]
  private var lastStopSubscriber: UInt64 = 0

  /// Creates a continuous-seek responder that serves `application`.
  ///
  /// - Parameters:
  ///   - application: The application it sends skips and rate changes to, and its ``next``
  ///     responder; held weakly.
  ///   - configuration: Skips or rate, interval and timeout.
  ///   - clock: The clock the interval and timeout run on; a manual clock in tests.
  public init(
    application: Application, configuration: Configuration = Configuration(),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.served = application
    self.configuration = configuration
    self.clock = clock
    super.init()
  }

  /// The application it serves, while that application exists.
  public override var next: Responder? { served }

  /// Handles begin and end seeking events; passes every other event on.
  public override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    switch event.command {
    case .beginSeekingForward: begin(.forward)
    case .beginSeekingBackward: begin(.backward)
    case .endSeekingForward: end(.forward)
    case .endSeekingBackward: end(.backward)
    default: return false
    }
    return true
  }

  /// Starts seeking; a seek under way in the other direction ends first.
  public func begin(_ direction: Direction) {
    guard self.direction != direction else { return }
    // A seek under way in the other direction changed the rate already: keep the one before it.
    let isReversing = self.direction != nil
    stop()
    // The application is gone only when the app is shutting down: nothing is left to seek.
    guard let application = served else { return }
    self.direction = direction
    let start = application.nowPlayingInfoCenter.snapshot
    if !isReversing { rateBefore = start.positionState?.playbackRate ?? 1 }
    observation = (
      application,
      application.observeEvents { [weak self] delivery in
        self?.stopIfInterrupted(by: delivery.event)
      }
    )
    switch configuration.mode {
    case .skip(let step):
      let command: RemoteControlEvent.Command =
        direction == .forward ? .skipForward(step) : .skipBackward(step)
      timer = Task { [weak self] in await self?.run(sending: command, to: application, from: start) }
    case .rate(let rate):
      let command = RemoteControlEvent.Command.changePlaybackRate(direction == .forward ? rate : -rate)
      Task { await application.send(command, from: .continuousSeek) }
      timer = Task { [weak self] in await self?.run(sending: nil, to: application, from: start) }
    }
  }

  /// Ends the seek in `direction`, if one is under way.
  public func end(_ direction: Direction) {
    if self.direction == direction { stop() }
  }

  /// Ends any seek under way.
  public func stop() {
    guard direction != nil else { return }
    self.direction = nil
    timer?.cancel()
    timer = nil
    if let observation {
      observation.application.removeObserver(observation.token)
      if case .rate = configuration.mode {
        let rate = rateBefore
        Task { await observation.application.send(.changePlaybackRate(rate), from: .continuousSeek) }
      }
    }
    observation = nil
    for subscriber in stopSubscribers.values { subscriber.yield() }
  }

  /// An element each time a seek under way stops, from the moment of the call; ends when the
  /// iterating task is cancelled. What `RemoteControlTesting` waits on to know that a timer
  /// that will not sleep again has ended.
  package var stopNotifications: AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    lastStopSubscriber += 1
    let id = lastStopSubscriber
    stopSubscribers[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.stopSubscribers[id] = nil }
    }
    return stream
  }

  // MARK: - Timers

  /// Every interval, until the timeout: stops when playback changed since `start`, else sends
  /// `command` (a skip; `nil` in rate mode, where the rate holds until the seek ends).
  private func run(
    sending command: RemoteControlEvent.Command?, to application: Application,
    from start: NowPlayingSnapshot
  ) async {
    var elapsed = Duration.zero
    while !Task.isCancelled {
      let step = min(configuration.interval, configuration.timeout - elapsed)
      do { try await clock.sleep(for: step) } catch { return }
      guard !Task.isCancelled, direction != nil else { return }
      elapsed += step
      let now = application.nowPlayingInfoCenter.snapshot
      if elapsed >= configuration.timeout || Self.hasChanged(from: start, to: now) {
        stop()
        return
      }
      if let command { await application.send(command, from: .continuousSeek) }
    }
  }

  private func stopIfInterrupted(by event: RemoteControlEvent) {
    switch event.command {
    case .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack: stop()
    default: break
    }
  }

  /// Whether playback stopped or paused, or the item changed, since the seek began.
  static func hasChanged(from start: NowPlayingSnapshot, to now: NowPlayingSnapshot) -> Bool {
    if now.playbackState != start.playbackState { return true }
    switch (start.info, now.info) {
    case (nil, nil): return false
    case (let before?, let after?): return !before.isSameItem(as: after)
    default: return true
    }
  }
}
