import Synchronization

/// How the app plays, and what the system tells it about its audio: interruptions (a call) and
/// route changes (headphones unplugged).
///
/// The corresponding AVFoundation class is `AVAudioSession`. The app sets its ``category`` and
/// observes the session with ``observe(_:)``, whose observers run on the main actor, in the
/// order the notifications were posted — as an iOS app's do when it passes `queue: .main` to
/// `NotificationCenter.addObserver(forName:object:queue:using:)`. The system's side — a sound
/// server's cork request, a hub's interruption over the bus, a sink gone — posts into it with
/// ``beginInterruption(isolation:)``, ``endInterruption(options:isolation:)`` and
/// ``changeRoute(to:reason:isolation:)``.
///
/// ## Who pauses
///
/// **The app pauses and resumes its own playback.** The session plays and stops nothing: on
/// ``InterruptionType/began`` the app silences its sound (on iOS the system already has; here
/// nothing else will), on ``InterruptionType/ended`` with ``InterruptionOptions/shouldResume``
/// it plays again what the interruption silenced — not what the user paused meanwhile — and on
/// ``RouteChangeReason/oldDeviceUnavailable`` it pauses, as iOS pauses an app's player; on
/// ``RouteChangeReason/newDeviceAvailable`` nothing starts. The porting article's *Interruptions
/// and unplugged headphones* has the whole pattern.
///
/// **The session changes only the Now Playing state**, by itself, so that controllers show the
/// call: an interruption that begins while the state is ``PlaybackState/playing`` makes it
/// ``PlaybackState/interrupted`` (MPRIS `Paused`); its end makes an interrupted state
/// ``PlaybackState/playing`` again with ``InterruptionOptions/shouldResume``, or
/// ``PlaybackState/paused`` without. A state the app set during the interruption (the user
/// paused) stays. An app that observes nothing plays on through a call while controllers show
/// it paused: observe the session. A route change never changes the state.
///
/// Interruptions nest: while one is under way, another beginning (the same call, heard from a
/// second source) tells nobody, and only the last end is posted, so the app hears of a call once.
///
/// ## Threads
///
/// Every member can be used from any thread. The session's state (``category``,
/// ``isInterrupted``, ``currentRoute``, the Now Playing state) changes when a notification is
/// posted; its observers run on the main actor, one notification after the other in the order
/// they were posted, whichever threads posted them. Posted on the main actor, a notification
/// has reached every observer when the call returns (unless an observer posts it: then right
/// after that observer's notification); posted from another thread, it reaches them from a task
/// on the main actor. Over MPRIS, the extension interface's `BeginInterruption`,
/// `EndInterruption` and `RouteChanged` post on the main actor and are answered once the
/// observers have run, as every other call is answered once its target has run.
///
/// New in 0.3.0.
public final class AudioSession: Sendable {
  private typealias Observers = ObserverList<@MainActor @Sendable (Notification) -> Void>

  private struct State {
    var category: Category = .soloAmbient
    var currentRoute: RouteDescription = .none
    /// How many interruptions are under way (each source's `began` not yet ended).
    var interruptions = 0
    var observers = Observers()
    /// What was posted and has not reached the observers yet, oldest first.
    var undelivered: [Notification] = []
    /// Whether the main actor is calling observers now (an observer that posts must not start
    /// a second round inside the first, which would reorder notifications).
    var isDelivering = false
  }

  private let state = Mutex(State())
  private let nowPlayingInfoCenter: NowPlayingInfoCenter?

  /// Creates a session.
  ///
  /// - Parameter nowPlayingInfoCenter: The info center whose playback state interruptions
  ///   change; `nil` for none. An ``Application``'s session is made with the application's.
  public init(nowPlayingInfoCenter: NowPlayingInfoCenter? = nil) {
    self.nowPlayingInfoCenter = nowPlayingInfoCenter
  }

  // MARK: - Category

  /// How the app uses audio; ``Category/soloAmbient`` until the app says otherwise.
  ///
  /// The corresponding AVFoundation property is `AVAudioSession.category`.
  public var category: Category { state.withLock { $0.category } }

  /// Says how the app uses audio. A change is posted as a route change for
  /// ``RouteChangeReason/categoryChange``, as iOS posts it.
  ///
  /// The session only records the category: it opens no stream and tells no sound server. The
  /// app gives its own stream the role the category stands for (``Category/mediaRole``); see
  /// ``Category`` for what that changes.
  ///
  /// The corresponding AVFoundation method is `AVAudioSession.setCategory(_:)`.
  /// - Parameters:
  ///   - category: How the app uses audio from now on.
  ///   - isolation: Where the call is made, which the caller never passes: on the main actor,
  ///     the observers have run when the call returns (see *Threads* in ``AudioSession``).
  public func setCategory(_ category: Category, isolation: isolated (any Actor)? = #isolation) {
    let posted = state.withLock { state -> Bool in
      guard state.category != category else { return false }
      state.category = category
      state.undelivered.append(
        .routeChange(RouteChange(reason: .categoryChange, previousRoute: state.currentRoute)))
      return true
    }
    if posted { deliver(from: isolation) }
  }

  // MARK: - Interruptions

  /// Whether an interruption is under way.
  ///
  /// AVFoundation has no such property: an iOS app remembers the last interruption notification.
  public var isInterrupted: Bool { state.withLock { $0.interruptions > 0 } }

  /// Posts that an interruption began (a call started): playback that shows as playing shows as
  /// interrupted at once, and observers see ``InterruptionType/began`` — then the app silences
  /// its sound. While an interruption is already under way this only counts the new one, and
  /// tells nobody.
  ///
  /// On iOS the system posts `AVAudioSession.interruptionNotification` with `.began`.
  /// - Parameter isolation: Where the call is made, which the caller never passes: on the main
  ///   actor, the observers have run when the call returns (see *Threads* in ``AudioSession``).
  public func beginInterruption(isolation: isolated (any Actor)? = #isolation) {
    let began = state.withLock { state -> Bool in
      state.interruptions += 1
      guard state.interruptions == 1 else { return false }
      state.undelivered.append(.interruption(Interruption(type: .began)))
      return true
    }
    guard began else { return }
    _ = nowPlayingInfoCenter?.replacePlaybackState(.playing, with: .interrupted)
    deliver(from: isolation)
  }

  /// Posts that an interruption ended: when it was the last under way, playback that shows as
  /// interrupted shows as playing again (with ``InterruptionOptions/shouldResume``) or paused
  /// (without), and observers see ``InterruptionType/ended`` with `options` — then the app plays
  /// again, with ``InterruptionOptions/shouldResume``, what the interruption silenced. An end
  /// with no interruption under way is ignored.
  ///
  /// On iOS the system posts `AVAudioSession.interruptionNotification` with `.ended`.
  /// - Parameters:
  ///   - options: Whether the app should resume.
  ///   - isolation: Where the call is made, which the caller never passes: on the main actor,
  ///     the observers have run when the call returns (see *Threads* in ``AudioSession``).
  public func endInterruption(
    options: InterruptionOptions = [], isolation: isolated (any Actor)? = #isolation
  ) {
    let ended = state.withLock { state -> Bool in
      guard state.interruptions > 0 else { return false }
      state.interruptions -= 1
      guard state.interruptions == 0 else { return false }
      state.undelivered.append(.interruption(Interruption(type: .ended, options: options)))
      return true
    }
    guard ended else { return }
    _ = nowPlayingInfoCenter?.replacePlaybackState(
      .interrupted, with: options.contains(.shouldResume) ? .playing : .paused)
    deliver(from: isolation)
  }

  // MARK: - Route

  /// Where audio goes now; ``RouteDescription/none`` until a route is posted.
  ///
  /// The corresponding AVFoundation property is `AVAudioSession.currentRoute`.
  public var currentRoute: RouteDescription { state.withLock { $0.currentRoute } }

  /// Posts that the route changed to `newRoute` for `reason`; observers see the reason and the
  /// route before. The playback state stays: on ``RouteChangeReason/oldDeviceUnavailable`` the
  /// app pauses itself.
  ///
  /// On iOS the system posts `AVAudioSession.routeChangeNotification`.
  /// - Parameters:
  ///   - newRoute: The route from now on.
  ///   - reason: Why it changed.
  ///   - isolation: Where the call is made, which the caller never passes: on the main actor,
  ///     the observers have run when the call returns (see *Threads* in ``AudioSession``).
  public func changeRoute(
    to newRoute: RouteDescription, reason: RouteChangeReason,
    isolation: isolated (any Actor)? = #isolation
  ) {
    state.withLock { state in
      state.undelivered.append(.routeChange(RouteChange(reason: reason, previousRoute: state.currentRoute)))
      state.currentRoute = newRoute
    }
    deliver(from: isolation)
  }

  // MARK: - Observation

  /// Calls `observer` on the main actor with every notification posted from now on, in the
  /// order they were posted, until the returned token is passed to ``removeObserver(_:)``.
  ///
  /// This is the iOS `addObserver(…, queue: .main)` and it runs where ``Application``'s
  /// targets and ``Application/observeEvents(_:)`` run, so the observer may touch the app's
  /// main-actor player directly. Observers are called in the order they were added.
  ///
  /// The corresponding Foundation call is `NotificationCenter.addObserver(forName:object:queue:using:)`
  /// for `AVAudioSession.interruptionNotification` and `AVAudioSession.routeChangeNotification`,
  /// with `queue: .main`. New in 0.3.0 in this form: observers no longer run on the posting
  /// thread.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping @MainActor @Sendable (Notification) -> Void) -> ObservationToken {
    state.withLock { $0.observers.add(observer) }
  }

  /// Stops the observer the token was returned for: it hears nothing more, not even what was
  /// posted before and has not reached it yet. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.remove(token) }
  }

  /// Every notification posted from the moment of the call, none dropped, in the order
  /// posted. Ends when the iterating task is cancelled.
  ///
  /// Its elements are handed over on the main actor, as ``observe(_:)``'s are, but the task that
  /// iterates runs when it is scheduled: a bus call is answered once the observers have run,
  /// not once an iterating task has. Prefer ``observe(_:)`` for what must be done before
  /// (pausing for a call); use this where waiting for the next notification is the point.
  ///
  /// The corresponding Foundation call is `NotificationCenter.notifications(named:object:)`.
  public var notifications: AsyncStream<Notification> {
    let (stream, continuation) = AsyncStream.makeStream(of: Notification.self)
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
    return stream
  }

  // MARK: - Delivery

  /// Hands what was posted to the observers: at once when posted on the main actor, otherwise
  /// from a task on the main actor.
  private func deliver(from isolation: isolated (any Actor)?) {
    if let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated { deliverPosted() }
    } else {
      Task { @MainActor in self.deliverPosted() }
    }
  }

  /// Calls the observers with every notification posted and not yet delivered, oldest first.
  ///
  /// Each notification goes to the observers of the moment it is delivered, so that a removed
  /// observer hears nothing more. A call made while observers are being called (an observer
  /// posted) returns at once: the round under way delivers what it posted next.
  @MainActor
  private func deliverPosted() {
    let starts = state.withLock { state -> Bool in
      guard !state.isDelivering else { return false }
      state.isDelivering = true
      return true
    }
    guard starts else { return }
    while let (notification, observers) = state.withLock({ state -> (Notification, Observers)? in
      guard !state.undelivered.isEmpty else {
        state.isDelivering = false
        return nil
      }
      return (state.undelivered.removeFirst(), state.observers)
    }) {
      for observer in observers { observer(notification) }
    }
  }
}
