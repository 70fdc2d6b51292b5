/// The root of the responder chain, and the place remote control events enter an app.
///
/// The corresponding UIKit class is `UIApplication`; it also owns what MediaPlayer keeps in
/// singletons: the ``commandCenter`` (`MPRemoteCommandCenter`) and the
/// ``nowPlayingInfoCenter`` (`MPNowPlayingInfoCenter`). Create one per app.
///
/// An event sent with ``send(_:)`` (or, without suspending, ``sendEvent(_:)``) is delivered in
/// this order:
/// 1. nowhere, unless the app ``isReceivingRemoteControlEvents``
///    (outcome ``RemoteControlEventOutcome/notReceiving``);
/// 2. to the command center: if the event's command is enabled and has targets, they run and
///    their status is the outcome (``RemoteControlEventOutcome/commandCenter(_:)``) — unless
///    the center refuses the event first (a rate the app did not declare:
///    ``ChangePlaybackRateCommand/refusal(of:)``);
/// 3. otherwise along the responder chain, from the ``firstResponder`` (or the application when
///    there is none) through each ``Responder/next``; the first that handles it ends the walk
///    (``RemoteControlEventOutcome/responder(_:)``);
/// 4. if none does, ``RemoteControlEventOutcome/unhandled``.
///
/// Observers (``observeEvents(_:)``, ``events``) see every event and its outcome.
@MainActor
open class Application: Responder {
  /// The commands this app offers, with their handlers.
  public let commandCenter: RemoteCommandCenter
  /// What this app is playing, for controllers to show.
  public let nowPlayingInfoCenter: NowPlayingInfoCenter
  /// The playback queue and playlists this app offers, for controllers to show and edit.
  public let playbackQueueCenter: PlaybackQueueCenter
  /// How this app plays, and the interruptions and route changes the system posts to it; its
  /// interruptions show in the ``nowPlayingInfoCenter``'s playback state. Its observers run on
  /// the main actor, as targets do, and pause and resume the app's own playback
  /// (``AudioSession/observe(_:)``).
  ///
  /// The corresponding AVFoundation object is `AVAudioSession.sharedInstance()`.
  public nonisolated let audioSession: AudioSession

  /// The responder events start at when no command handler takes them; `nil` means the
  /// application itself. Change it with ``Responder/becomeFirstResponder()``; the application
  /// keeps its first responder alive until it resigns.
  public var firstResponder: Responder? { currentFirstResponder }

  /// Whether the app has asked for remote control events.
  public var isReceivingRemoteControlEvents: Bool { receiving }

  // The storage read on every delivery. `@exclusivity(unchecked)` drops the runtime access
  // check (a thread-local access set, about 10 ns a read): it is safe because the class is
  // confined to the main actor, so no access can overlap another but by reentrancy, and no code
  // here reads or writes these while a write to them is under way. The first responder is held
  // strongly: a weak reference would put its object's reference counts in a side table, and
  // every retain in the walk would take the slow path.
  @exclusivity(unchecked) var currentFirstResponder: Responder?
  @exclusivity(unchecked) private var receiving = false

  private var observers = ObserverList<@MainActor (EventDelivery) -> Void>()

  /// Creates an application with its own command center and Now Playing info center.
  ///
  /// - Parameter nowPlayingInfoCenter: The info center; a new one on the continuous clock by
  ///   default.
  public init(nowPlayingInfoCenter: NowPlayingInfoCenter = NowPlayingInfoCenter()) {
    self.commandCenter = RemoteCommandCenter()
    self.nowPlayingInfoCenter = nowPlayingInfoCenter
    self.playbackQueueCenter = PlaybackQueueCenter(nowPlayingInfoCenter: nowPlayingInfoCenter)
    self.audioSession = AudioSession(nowPlayingInfoCenter: nowPlayingInfoCenter)
    super.init()
  }

  /// The application can always become the first responder, to handle events itself.
  open override var canBecomeFirstResponder: Bool { true }

  // MARK: - Receiving

  /// Starts the delivery of remote control events to this app.
  ///
  /// The corresponding UIKit method is `UIApplication.beginReceivingRemoteControlEvents()`.
  public func beginReceivingRemoteControlEvents() { receiving = true }

  /// Stops the delivery of remote control events; events sent meanwhile have the outcome
  /// ``RemoteControlEventOutcome/notReceiving``.
  ///
  /// The corresponding UIKit method is `UIApplication.endReceivingRemoteControlEvents()`.
  public func endReceivingRemoteControlEvents() { receiving = false }

  // MARK: - Delivery

  /// Delivers an event: command center first, then the responder chain (see the type's
  /// documentation for the whole order), and tells observers.
  ///
  /// Handlers that suspend let other events be delivered meanwhile.
  /// - Returns: What became of the event.
  @discardableResult
  public func send(_ event: RemoteControlEvent) async -> RemoteControlEventOutcome {
    if let outcome = deliverWithoutSuspending(event) { return outcome }
    return await deliverSuspending(event)
  }

  /// Delivers an event at once, without suspending, as UIKit's `sendEvent(_:)` does.
  ///
  /// The order is that of ``send(_:)``. When the event's command has targets added with
  /// ``RemoteCommand/addTarget(asyncHandler:)``, delivery cannot finish here: it goes on in a
  /// task on the main actor, observers see its outcome when it ends, and this returns `nil`.
  /// Events are never dropped.
  ///
  /// The corresponding UIKit method is `UIApplication.sendEvent(_:)`.
  /// - Returns: What became of the event, or `nil` while targets that may suspend run.
  @discardableResult
  public func sendEvent(_ event: RemoteControlEvent) -> RemoteControlEventOutcome? {
    if let outcome = deliverWithoutSuspending(event) { return outcome }
    Task { await deliverSuspending(event) }
    return nil
  }

  /// Sends a command from a source, timestamped now.
  @discardableResult
  public func send(
    _ command: RemoteControlEvent.Command,
    from source: RemoteControlEvent.Source = .application
  ) async -> RemoteControlEventOutcome {
    await send(RemoteControlEvent(command, source: source))
  }

  /// Delivers the event and tells observers, unless its command has targets that may suspend:
  /// then it does nothing and returns `nil`.
  private func deliverWithoutSuspending(_ event: RemoteControlEvent) -> RemoteControlEventOutcome? {
    let outcome: RemoteControlEventOutcome
    if !receiving {
      outcome = .notReceiving
    } else {
      let command = commandCenter.command(for: event.command)
      if command.isEnabled, command.hasTargets {
        if let refusal = commandCenter.refusal(of: event) {
          outcome = .commandCenter(refusal)
        } else if command.hasSuspendingTargets {
          return nil
        } else {
          outcome = .commandCenter(command.performWithoutSuspending(event))
        }
      } else {
        outcome = walkResponderChain(with: event)
      }
    }
    notifyObservers(event, outcome)
    return outcome
  }

  /// Delivers an event whose command has targets that may suspend, and tells observers.
  private func deliverSuspending(_ event: RemoteControlEvent) async -> RemoteControlEventOutcome {
    let outcome = RemoteControlEventOutcome.commandCenter(
      await commandCenter.command(for: event.command).perform(event))
    notifyObservers(event, outcome)
    return outcome
  }

  private func notifyObservers(_ event: RemoteControlEvent, _ outcome: RemoteControlEventOutcome) {
    guard !observers.isEmpty else { return }
    let delivery = EventDelivery(event: event, outcome: outcome)
    let current = observers  // an observer may add or remove observers
    for observer in current { observer(delivery) }
  }

  /// Offers the event to each responder from the first responder up; no allocation.
  private func walkResponderChain(with event: RemoteControlEvent) -> RemoteControlEventOutcome {
    var responder: Responder? = firstResponder ?? self
    while let current = responder {
      if current.remoteControlReceived(with: event) { return .responder(current) }
      responder = current.next
    }
    return .unhandled
  }

  // MARK: - Observation

  /// Calls `observer` with every event delivered from now on and its outcome, until the
  /// returned token is passed to ``removeObserver(_:)``.
  ///
  /// The pattern of re-broadcasting every event as a notification, typed: one observer sees every command.
  @discardableResult
  public func observeEvents(
    _ observer: @escaping @MainActor (EventDelivery) -> Void
  ) -> ObservationToken {
    observers.add(observer)
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) { observers.remove(token) }

  /// Every event delivered from the moment of the call, with its outcome.
  ///
  /// Each access makes a new sequence; it ends when the iterating task is cancelled.
  public var events: AsyncStream<EventDelivery> {
    let (stream, continuation) = AsyncStream.makeStream(of: EventDelivery.self)
    let token = observers.add { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.removeObserver(token) }
    }
    return stream
  }
}
