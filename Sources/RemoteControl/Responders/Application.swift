/// The root of the responder chain, and the place remote control events enter an app.
///
/// The corresponding UIKit class is `UIApplication`; it also owns what MediaPlayer keeps in
/// singletons: the ``commandCenter`` (`MPRemoteCommandCenter`) and the
/// ``nowPlayingInfoCenter`` (`MPNowPlayingInfoCenter`). Create one per app.
///
/// An event sent with ``send(_:)`` is delivered in this order:
/// 1. nowhere, unless the app ``isReceivingRemoteControlEvents``
///    (outcome ``RemoteControlEventOutcome/notReceiving``);
/// 2. to the command center: if the event's command is enabled and has targets, they run and
///    their status is the outcome (``RemoteControlEventOutcome/commandCenter(_:)``);
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

  /// The responder events start at when no command handler takes them; `nil` means the
  /// application itself. Change it with ``Responder/becomeFirstResponder()``.
  public internal(set) weak var firstResponder: Responder?

  /// Whether the app has asked for remote control events.
  public var isReceivingRemoteControlEvents: Bool { receiving }

  // Private storage behind the public property: with every access visible in this module,
  // whole-module optimization can drop the dynamic exclusivity check from each delivery.
  private var receiving = false

  private let observers = EventObservers()

  /// Creates an application with its own command center and Now Playing info center.
  ///
  /// - Parameter nowPlayingInfoCenter: The info center; a new one on the continuous clock by
  ///   default.
  public init(nowPlayingInfoCenter: NowPlayingInfoCenter = NowPlayingInfoCenter()) {
    self.commandCenter = RemoteCommandCenter()
    self.nowPlayingInfoCenter = nowPlayingInfoCenter
    super.init()
  }

  /// The application can always become the first responder, as in seed 001's design.
  open override var canBecomeFirstResponder: Bool { true }

  /// The application is the root of the chain: its ``next`` is `nil` unless you set one.
  open override var next: Responder? {
    get { super.next }
    set { super.next = newValue }
  }

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
    let outcome: RemoteControlEventOutcome
    switch route(event) {
    case .delivered(let delivered): outcome = delivered
    case .suspendingTargets(let command): outcome = .commandCenter(await command.perform(event))
    }
    if !observers.isEmpty { observers.notify(EventDelivery(event: event, outcome: outcome)) }
    return outcome
  }

  /// Sends a command from a source, timestamped now.
  @discardableResult
  public func send(
    _ command: RemoteControlEvent.Command,
    from source: RemoteControlEvent.Source = .application
  ) async -> RemoteControlEventOutcome {
    await send(RemoteControlEvent(command, source: source))
  }

  /// Where an event goes: delivered already, or to command targets of which some may suspend.
  private enum Route {
    case delivered(RemoteControlEventOutcome)
    case suspendingTargets(RemoteCommand)
  }

  /// Delivers the event without suspending, unless its command has targets that may suspend.
  ///
  /// Synchronous on purpose: the common case (synchronous targets, or the responder chain)
  /// then costs no `async` frame and no executor check beyond `send(_:)`'s own.
  private func route(_ event: RemoteControlEvent) -> Route {
    guard receiving else { return .delivered(.notReceiving) }
    let command = commandCenter.command(for: event.command)
    if command.isEnabled, command.hasTargets {
      if command.hasSuspendingTargets { return .suspendingTargets(command) }
      return .delivered(.commandCenter(command.performWithoutSuspending(event)))
    }
    return .delivered(walkResponderChain(with: event))
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
  /// This is seed 001's notification pattern, typed: one observer sees every command.
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
