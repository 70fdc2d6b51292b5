import Synchronization

/// How the app plays, and what the system tells it about its audio: interruptions (a call) and
/// route changes (headphones unplugged).
///
/// The corresponding AVFoundation class is `AVAudioSession`. The app sets its ``category`` and
/// observes the session (``observe(_:)``, ``notifications``); the system's side — a sound
/// server's cork request, a hub's interruption over the bus, a sink gone — posts into it with
/// ``beginInterruption()``, ``endInterruption(options:)`` and ``changeRoute(to:reason:)``.
///
/// The session keeps the Now Playing playback state honest: an interruption that begins while
/// the app plays turns ``PlaybackState/playing`` into ``PlaybackState/interrupted``; its end
/// turns it back into ``PlaybackState/playing`` when it carries
/// ``InterruptionOptions/shouldResume`` (the app resumes, as an iOS app does on that option), or
/// into ``PlaybackState/paused`` when it does not. Interruptions nest: while one is under way,
/// another beginning (the same call, heard from a second source) tells nobody, and only the
/// last end is posted, so the app hears of a call once.
///
/// A route change never changes the playback state: on ``RouteChangeReason/oldDeviceUnavailable``
/// the app pauses, as iOS pauses an app's player; on ``RouteChangeReason/newDeviceAvailable``
/// nothing starts.
///
/// Every member can be used from any thread; observers are called on the thread that posted,
/// outside the session's lock, in the order they were added.
public final class AudioSession: Sendable {
  private typealias Observers = ObserverList<@Sendable (Notification) -> Void>

  private struct State {
    var category: Category = .soloAmbient
    var currentRoute: RouteDescription = .none
    /// How many interruptions are under way (each source's `began` not yet ended).
    var interruptions = 0
    var observers = Observers()
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
  /// The corresponding AVFoundation method is `AVAudioSession.setCategory(_:)`.
  public func setCategory(_ category: Category) {
    let (change, observers) = state.withLock { state -> (RouteChange?, Observers) in
      guard state.category != category else { return (nil, Observers()) }
      state.category = category
      return (
        RouteChange(reason: .categoryChange, previousRoute: state.currentRoute),
        state.observers
      )
    }
    if let change { for observer in observers { observer(.routeChange(change)) } }
  }

  // MARK: - Interruptions

  /// Whether an interruption is under way.
  ///
  /// AVFoundation has no such property: an iOS app remembers the last interruption notification.
  public var isInterrupted: Bool { state.withLock { $0.interruptions > 0 } }

  /// Posts that an interruption began (a call started): observers see
  /// ``InterruptionType/began``, and playback that was playing shows as interrupted. While an
  /// interruption is already under way this only counts the new one, and tells nobody.
  ///
  /// On iOS the system posts `AVAudioSession.interruptionNotification` with `.began`.
  public func beginInterruption() {
    let (began, observers) = state.withLock { state -> (Bool, Observers) in
      state.interruptions += 1
      return state.interruptions == 1 ? (true, state.observers) : (false, Observers())
    }
    guard began else { return }
    _ = nowPlayingInfoCenter?.replacePlaybackState(.playing, with: .interrupted)
    for observer in observers { observer(.interruption(Interruption(type: .began))) }
  }

  /// Posts that an interruption ended: when it was the last under way, observers see
  /// ``InterruptionType/ended`` with `options`, and playback that shows as interrupted shows as
  /// playing again (with ``InterruptionOptions/shouldResume``) or paused (without). An end
  /// with no interruption under way is ignored.
  ///
  /// On iOS the system posts `AVAudioSession.interruptionNotification` with `.ended`.
  /// - Parameter options: Whether the app should resume.
  public func endInterruption(options: InterruptionOptions = []) {
    let (ended, observers) = state.withLock { state -> (Bool, Observers) in
      guard state.interruptions > 0 else { return (false, Observers()) }
      state.interruptions -= 1
      return state.interruptions == 0 ? (true, state.observers) : (false, Observers())
    }
    guard ended else { return }
    _ = nowPlayingInfoCenter?.replacePlaybackState(
      .interrupted, with: options.contains(.shouldResume) ? .playing : .paused)
    for observer in observers { observer(.interruption(Interruption(type: .ended, options: options))) }
  }

  // MARK: - Route

  /// Where audio goes now; ``RouteDescription/none`` until a route is posted.
  ///
  /// The corresponding AVFoundation property is `AVAudioSession.currentRoute`.
  public var currentRoute: RouteDescription { state.withLock { $0.currentRoute } }

  /// Posts that the route changed to `newRoute` for `reason`; observers see the reason and the
  /// route before.
  ///
  /// On iOS the system posts `AVAudioSession.routeChangeNotification`.
  public func changeRoute(to newRoute: RouteDescription, reason: RouteChangeReason) {
    let (change, observers) = state.withLock { state in
      let change = RouteChange(reason: reason, previousRoute: state.currentRoute)
      state.currentRoute = newRoute
      return (change, state.observers)
    }
    for observer in observers { observer(.routeChange(change)) }
  }

  // MARK: - Observation

  /// Calls `observer` with every notification posted from now on, on the thread that posted
  /// it, in the order observers were added.
  ///
  /// The corresponding Foundation call is `NotificationCenter.addObserver(forName:object:queue:using:)`
  /// for the session's notifications.
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping @Sendable (Notification) -> Void) -> ObservationToken {
    state.withLock { $0.observers.add(observer) }
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.remove(token) }
  }

  /// Every notification posted from the moment of the call, none dropped. Ends when the
  /// iterating task is cancelled.
  ///
  /// The corresponding Foundation call is `NotificationCenter.notifications(named:object:)`.
  public var notifications: AsyncStream<Notification> {
    let (stream, continuation) = AsyncStream.makeStream(of: Notification.self)
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
    return stream
  }
}
