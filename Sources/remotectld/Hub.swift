import DBus
import Logging
import NowPlayingArbiter
import Synchronization

/// The hub's state: the arbiter, fed from the bus, and the announcements of its changes.
///
/// Events arrive on the connection's thread (signals) and from tasks (replies to the reads of
/// new players); one lock orders them, and each change is announced under that lock, so the
/// signals leave in the order the changes happened.
final class Hub: Sendable {
  let connection: Connection
  let logger: Logger
  let answersPlayerctld: Bool
  private let arbiter: Mutex<Arbiter>
  /// Told every new answer, under the hub's lock, in the order of the changes (the proxy player).
  private let observers = Mutex<[@Sendable (NowPlaying) -> Void]>([])

  init(connection: Connection, filter: CandidateFilter, answersPlayerctld: Bool, logger: Logger) {
    self.connection = connection
    self.logger = logger
    self.answersPlayerctld = answersPlayerctld
    self.arbiter = Mutex(Arbiter(filter: filter, hubOwner: connection.uniqueName.rawValue))
  }

  /// The current answer of the rule.
  var nowPlaying: NowPlaying { arbiter.withLock { $0.nowPlaying } }

  /// The candidate that owns `name` (a bus name, player name or unique name).
  func candidate(named name: String) -> Candidate? {
    arbiter.withLock { $0.candidate(named: name) }
  }

  /// Calls `observer` with every answer the hub announces from now on, in order, under the hub's
  /// lock: it must not call back into the hub.
  func observe(_ observer: @escaping @Sendable (NowPlaying) -> Void) {
    observers.withLock { $0.append(observer) }
  }

  /// Applies `event` and announces the change it makes, if any.
  ///
  /// - Returns: The rule's answer after the event.
  @discardableResult
  func apply(_ event: Arbiter.Event) -> NowPlaying {
    apply([event])
  }

  /// Applies `events` (what one message said) and announces the change they make together, if
  /// any: one announcement per message.
  ///
  /// - Returns: The rule's answer after the events.
  @discardableResult
  func apply(_ events: [Arbiter.Event]) -> NowPlaying {
    arbiter.withLock { arbiter in
      let before = arbiter.nowPlaying
      for event in events { arbiter.apply(event) }
      let now = arbiter.nowPlaying
      if now.active?.busName != before.active?.busName
        || now.players.map(\.busName) != before.players.map(\.busName)
      {
        logger.debug(
          "now playing changed",
          metadata: [
            "events": "\(events)", "active": "\(now.active?.busName ?? "none")",
            "players": "\(now.players.map(\.busName))",
          ])
        announce(now, after: before)
        for observer in observers.withLock({ $0 }) { observer(now) }
      } else {
        logger.trace("events", metadata: ["events": "\(events)"])
      }
      return now
    }
  }

  /// Forgets every player's connection and takes `owner` as the hub's own name (after a
  /// reconnect, when every unique name on the bus has changed); their history is kept by bus
  /// name, for when they come back.
  func reset(hubOwner owner: String) {
    arbiter.withLock { arbiter in
      let before = arbiter.nowPlaying
      guard arbiter.reconnected(hubOwner: owner) else { return }
      announce(arbiter.nowPlaying, after: before)
      for observer in observers.withLock({ $0 }) { observer(arbiter.nowPlaying) }
    }
  }

  // MARK: - Announcing

  /// Emits the hub's `NowPlayingChanged` and `PropertiesChanged`, and playerctld's
  /// `ActivePlayerChangeBegin`, `PropertiesChanged(PlayerNames)` and `ActivePlayerChangeEnd`.
  private func announce(_ now: NowPlaying, after before: NowPlaying) {
    let active = now.active?.busName ?? ""
    let names = now.players.map(\.busName)
    let activeChanged = active != (before.active?.busName ?? "")
    do {
      try connection.emitPropertiesChanged(
        path: HubNames.path, interface: HubNames.interface,
        properties: activeChanged ? ["ActivePlayer", "Players"] : ["Players"])
      try connection.emitSignal(
        path: HubNames.path, interface: HubNames.interface, member: "NowPlayingChanged",
        arguments: [.string(active), .strings(names)])
      guard answersPlayerctld else { return }
      if activeChanged {
        try connection.emitSignal(
          path: HubNames.path, interface: HubNames.playerctldInterface, member: "ActivePlayerChangeBegin",
          arguments: [.string(active)])
      }
      try connection.emitPropertiesChanged(
        path: HubNames.path, interface: HubNames.playerctldInterface, properties: ["PlayerNames"])
      if activeChanged {
        try connection.emitSignal(
          path: HubNames.path, interface: HubNames.playerctldInterface, member: "ActivePlayerChangeEnd",
          arguments: [.string(active)])
      }
    } catch {
      logger.error("could not announce the change", metadata: ["error": "\(error)"])
    }
  }
}
