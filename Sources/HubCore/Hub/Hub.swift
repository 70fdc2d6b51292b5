package import DBus
package import Logging
package import NowPlayingArbiter
package import PlayerView
package import RemoteControl
import RemoteControlMPRIS
package import Synchronization

/// The hub's state: the Now Playing rule, fed from the view of the players, and the observers of
/// its answers.
///
/// Every change is applied on the view's connection thread, where the view's own changes arrive,
/// so answers are computed and announced in the order the changes happened; the lock only lets
/// other threads read the current answer. Observers are called after the lock is released.
package final class Hub: Sendable {
  /// A change of the rule's answer: the answer now and the one before.
  package struct Change: Sendable {
    package var now: NowPlaying
    package var before: NowPlaying
  }

  package let view: PlayerView
  package let logger: Logger
  private let arbiter: Mutex<Arbiter>
  /// Which players are browsers' echoes of a lock screen page (`Hub+Echoes.swift`).
  let echoRule = Mutex(EchoRule())
  /// The rules on whether a new player may be Now Playing from the moment its first name
  /// appears, before anything else is known of it, by rule name (the Bluetooth part's for
  /// devices' players, `DevicePlayerRule`; the system-bus part's for AirPlay); it may when every
  /// rule admits it (`Hub+Eligibility.swift`). Called on the view's connection thread.
  package let admission = Mutex<[String: @Sendable (_ name: BusName, _ owner: BusName) -> Bool]>([:])
  /// The rules that hold each player back from being Now Playing now, by owner.
  package let heldBack = Mutex<[BusName: Set<String>]>([:])
  /// The hub's relays: which session players are players the session cannot see, relayed.
  package let relays = RelayRegistry()
  /// Told every new answer, on the view's connection thread, in order.
  private let observers = Mutex(ObserverList<@Sendable (Change) -> Void>())

  package init(view: PlayerView, filter: CandidateFilter, logger: Logger) {
    self.view = view
    self.logger = logger
    self.arbiter = Mutex(Arbiter(filter: filter, hubOwner: view.connection.uniqueName.rawValue))
    // Never removed: the view is the hub's own, and the two end together.
    view.observe { [self] change in take(change) }
  }

  /// The view's connection: the hub's own.
  package var connection: Connection { view.connection }

  /// The current answer of the rule.
  package var nowPlaying: NowPlaying { arbiter.withLock { $0.nowPlaying } }

  /// The candidate that owns `name` (a bus name, player name or unique name).
  package func candidate(named name: String) -> Candidate? {
    arbiter.withLock { $0.candidate(named: name) }
  }

  /// Calls `observer` with every change of the answer from now on, in order, on the view's
  /// connection thread.
  ///
  /// - Returns: What stops it: pass it to ``removeObserver(_:)``.
  @discardableResult
  package func observe(_ observer: @escaping @Sendable (Change) -> Void) -> ObservationToken {
    observers.withLock { $0.add(observer) }
  }

  /// Stops calling the observer that `token` was returned for.
  package func removeObserver(_ token: ObservationToken) {
    observers.withLock { $0.remove(token) }
  }

  // MARK: - Applying

  /// Applies `events` (what one message said) on the view's connection thread, where every
  /// change is applied, then calls `completion` there with the answer.
  package func apply(
    _ events: [Arbiter.Event], then completion: @escaping @Sendable (NowPlaying) -> Void = { _ in }
  ) {
    connection.perform { [self] in completion(applyHere(events)) }
  }

  /// Applies `events` and returns the answer after them: a request from a task.
  package func apply(_ events: [Arbiter.Event]) async -> NowPlaying {
    await withCheckedContinuation { continuation in
      apply(events) { continuation.resume(returning: $0) }
    }
  }

  /// Applies `events` now (on the view's connection thread) and tells the observers of the
  /// change they make, if any: one announcement per message.
  @discardableResult
  package func applyHere(_ events: [Arbiter.Event]) -> NowPlaying {
    connection.assertOnConnectionThread()
    let (now, before) = arbiter.withLock { arbiter in
      let before = arbiter.nowPlaying
      for event in events { arbiter.apply(event) }
      return (arbiter.nowPlaying, before)
    }
    guard
      now.active?.busName != before.active?.busName
        || now.players.map(\.busName) != before.players.map(\.busName)
    else {
      logger.trace("events", metadata: ["events": "\(events)"])
      return now
    }
    logger.debug(
      "now playing changed",
      metadata: [
        "events": "\(events)", "active": "\(now.active?.busName ?? "none")",
        "players": "\(now.players.map(\.busName))",
      ])
    notify(Change(now: now, before: before))
    return now
  }

  /// Forgets every player's connection and takes `owner` as the hub's own name (after a
  /// reconnect, when every unique name on the bus has changed); their history is kept by bus
  /// name, for when they come back. On the view's connection thread.
  package func reset(hubOwner owner: String) {
    connection.assertOnConnectionThread()
    let change = arbiter.withLock { arbiter -> Change? in
      let before = arbiter.nowPlaying
      guard arbiter.reconnected(hubOwner: owner) else { return nil }
      return Change(now: arbiter.nowPlaying, before: before)
    }
    if let change { notify(change) }
  }

  private func notify(_ change: Change) {
    for observer in observers.withLock({ $0 }) { observer(change) }
  }

  // MARK: - The view

  /// What the view saw, as the rule's events. On the view's connection thread, where the view
  /// calls its observers.
  private func take(_ change: PlayerView.Change) {
    connection.assertOnConnectionThread()
    switch change {
    case .nameAppeared(let name, let owner, let isNewPlayer):
      var events: [Arbiter.Event] = [.nameAppeared(busName: name.rawValue, owner: owner.rawValue)]
      // In the same answer: a player that may not be Now Playing never is, not even at first.
      if isNewPlayer, !admits(name, owner: owner) {
        events.append(.eligibilityChanged(owner: owner.rawValue, isEligible: false))
      }
      applyHere(events)
    case .nameVanished(let name, let owner, let lastMirror):
      if lastMirror != nil {
        echoRule.withLock { $0.forget(owner: owner.rawValue) }
        _ = heldBack.withLock { $0.removeValue(forKey: owner) }
      }
      applyHere([.nameVanished(busName: name.rawValue, owner: owner.rawValue)])
    case .propertiesChanged(let owner, let interface, let names, let source)
    where interface == MediaPlayerInterface.player.rawValue:
      guard let mirror = view.mirror(of: owner) else { return }
      let source: Arbiter.Event.Source = source == .read ? .read : .announced
      // Whether it is an echo is known before what it plays counts.
      var events: [Arbiter.Event] =
        names.contains(PlayerProperty.metadata.rawValue) ? echoEvents(of: mirror, isNew: source == .read) : []
      var others: [String] = []
      for name in names {
        switch name {
        case PlayerProperty.playbackStatus.rawValue:
          if let value = mirror[player: .playbackStatus], value.stringValue == nil {
            logger.warning(
              "PlaybackStatus is not a string", metadata: ["owner": "\(owner)", "value": "\(value)"])
            continue
          }
          events.append(
            .playbackStatusChanged(owner: owner.rawValue, isPlaying: mirror.isPlaying, source: source))
        case PlayerProperty.metadata.rawValue:
          events.append(
            .trackChanged(
              owner: owner.rawValue, track: TrackIdentity.of(mirror[player: .metadata] ?? .vardict([:])),
              source: source))
        default:
          others.append(name)
        }
      }
      if !others.isEmpty, source == .announced {
        events.append(.otherPropertiesChanged(owner: owner.rawValue, names: others))
      }
      if !events.isEmpty { applyHere(events) }
    case .seeked(let owner, _):
      applyHere([.seeked(owner: owner.rawValue)])
    case .propertiesChanged, .interfacesChanged, .signal, .processIdentified:
      break
    }
  }
}
