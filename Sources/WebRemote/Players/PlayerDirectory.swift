import Logging
import RemoteControlMPRIS
import Synchronization

/// The players the hub lists, as the web remote shows them: each one's snapshot kept current
/// from its signals, and every change sent once, as a delta, to every WebSocket client.
///
/// Players are watched with the package's own client (``MediaPlayerBus``, ``RemotePlayer``);
/// which players and in which order comes from the hub (``NowPlayingSource``).
final class PlayerDirectory: Sendable {
  private struct State: Sendable {
    var order = NowPlayingOrder(players: [], nowPlaying: nil)
    /// Each watched bus name's watcher generation: a finished or replaced watcher's late
    /// updates are ignored.
    var generations: [String: UInt64] = [:]
    /// Each watched bus name's owner when its watcher started.
    var owners: [String: String] = [:]
    var nextGeneration: UInt64 = 1
    var records: [String: PlayerRecord] = [:]
    var snapshots: [String: JSON] = [:]
    /// The order last sent: ids and the Now Playing id.
    var sentOrder: ([String], String?) = ([], nil)
    var subscribers: [UInt64: Subscriber] = [:]
    var closeReasons: [UInt64: Subscriber.CloseReason] = [:]
    var nextSubscriber: UInt64 = 1
  }

  let bus: MediaPlayerBus
  let hub: any NowPlayingSource
  let logger: Logger
  private let state = Mutex(State())
  private let watchers = Mutex<[String: Task<Void, Never>]>([:])

  init(bus: MediaPlayerBus, hub: any NowPlayingSource, logger: Logger) {
    self.bus = bus
    self.hub = hub
    self.logger = logger
  }

  // MARK: - Running

  /// Follows the hub's order and the players' comings and goings until cancelled; then every
  /// watcher stops and every client's stream ends.
  func run() async {
    let appearances: AsyncStream<PlayerAppearance>
    do {
      appearances = try await bus.appearances()
    } catch {
      logger.error("the web remote cannot watch the players", metadata: ["error": "\(error)"])
      return
    }
    let changes = hub.orderChanges()
    apply(hub.currentOrder())
    await withDiscardingTaskGroup { group in
      group.addTask {
        for await order in changes { self.apply(order) }
      }
      group.addTask {
        for await appearance in appearances { self.apply(appearance) }
      }
    }
    stopAll()
  }

  private func stopAll() {
    for task in watchers.withLock({ $0.values }) { task.cancel() }
    watchers.withLock { $0 = [:] }
    state.withLock { state in
      for (id, subscriber) in state.subscribers {
        state.closeReasons[id] = .shutdown
        subscriber.continuation.finish()
      }
      state.subscribers = [:]
    }
  }

  /// Takes in a new order from the hub: starts watching new players, forgets gone ones, and
  /// tells clients what changed.
  func apply(_ order: NowPlayingOrder) {
    let (started, stopped) = state.withLock { state -> ([(String, UInt64)], [String]) in
      state.order = order
      let wanted = Set(order.players)
      let stopped = state.generations.keys.filter { !wanted.contains($0) }
      for busName in stopped { forget(busName, in: &state) }
      var started: [(String, UInt64)] = []
      for busName in order.players where state.generations[busName] == nil {
        started.append((busName, newGeneration(for: busName, in: &state)))
      }
      refreshNowPlaying(in: &state)
      return (started, stopped)
    }
    for busName in stopped { watchers.withLock { $0.removeValue(forKey: busName) }?.cancel() }
    for (busName, generation) in started { startWatcher(busName, generation: generation) }
  }

  /// A player restarted under a watched name gets a new watcher; a player gone is forgotten.
  private func apply(_ appearance: PlayerAppearance) {
    switch appearance {
    case .appeared(let identity, let owner):
      let generation = state.withLock { state -> UInt64? in
        guard let known = state.owners[identity.busName], known != owner else { return nil }
        forget(identity.busName, in: &state)
        return newGeneration(for: identity.busName, in: &state)
      }
      guard let generation else { return }
      watchers.withLock { $0.removeValue(forKey: identity.busName) }?.cancel()
      startWatcher(identity.busName, generation: generation)
    case .vanished(let identity):
      state.withLock { state in
        guard state.generations[identity.busName] != nil, state.records[identity.instance] != nil else {
          return
        }
        remove(identity.instance, in: &state)
        sendOrderIfChanged(in: &state)
      }
    }
  }

  private func newGeneration(for busName: String, in state: inout State) -> UInt64 {
    let generation = state.nextGeneration
    state.nextGeneration += 1
    state.generations[busName] = generation
    return generation
  }

  /// Stops tracking `busName`: its record goes and clients are told.
  private func forget(_ busName: String, in state: inout State) {
    state.generations[busName] = nil
    state.owners[busName] = nil
    guard let identity = PlayerIdentity(busName: busName), state.records[identity.instance] != nil else {
      return
    }
    remove(identity.instance, in: &state)
    sendOrderIfChanged(in: &state)
  }

  /// Drops the record of player `instance` and tells clients it is gone.
  private func remove(_ instance: String, in state: inout State) {
    state.records[instance] = nil
    state.snapshots[instance] = nil
    broadcast(
      .object([
        ("type", .string("removed")), ("now", .integer(PositionAnchor.now())), ("id", .string(instance)),
      ]),
      in: &state)
  }

  private func startWatcher(_ busName: String, generation: UInt64) {
    guard let identity = PlayerIdentity(busName: busName) else { return }
    let task = Task { await self.watch(identity, generation: generation) }
    watchers.withLock { $0[busName] = task }
  }

  // MARK: - Watching one player

  private func watch(_ identity: PlayerIdentity, generation: UInt64) async {
    let player = bus.player(identity)
    do throws(ClientError) {
      guard let owner = try await bus.owner(of: identity) else { return }
      let isCurrent = state.withLock { state -> Bool in
        guard state.generations[identity.busName] == generation else { return false }
        state.owners[identity.busName] = owner
        return true
      }
      guard isCurrent else { return }
      let events = try await player.eventsIncludingChildObjects()
      let properties = try await player.properties()
      let name = (try? await player.property("Identity", interface: RemotePlayer.rootInterface))?.stringValue
      let extras =
        (try? await player.properties(interface: MediaPlayerInterface.remoteControl.rawValue)) ?? [:]
      let playerState = PlayerState(properties: properties)
      var record = PlayerRecord(
        identity: identity, name: name.flatMap { $0.isEmpty ? nil : $0 } ?? identity.instance,
        state: playerState, extras: extras,
        anchor: PositionAnchor(
          position: Double(playerState.position ?? 0) / 1_000_000, rate: PlayerRecord.movingRate(playerState),
          at: PositionAnchor.now()),
        artworkVersion: nil)
      record.artworkVersion = await ArtworkFile.find(artURL: record.artURL)?.version
      publish(record, generation: generation)
      for await event in events {
        await take(event, into: &record, from: player)
        guard !Task.isCancelled else { return }
        publish(record, generation: generation)
      }
    } catch {
      logger.debug(
        "the web remote stops watching a player",
        metadata: ["player": "\(identity.busName)", "error": "\(error)"])
    }
  }

  /// Applies one signal to `record`, reading again what it does not carry: invalidated
  /// properties, the position after a change of status, rate or track, the artwork's version.
  private func take(_ event: PlayerEvent, into record: inout PlayerRecord, from player: RemotePlayer) async {
    switch event {
    case .propertiesChanged(let interface, let changed, let invalidated):
      if interface == RemotePlayer.playerInterface {
        let before = record.state
        record.state.apply(event)
        for name in invalidated {
          if let value = try? await player.property(name) { record.state.properties[name] = value }
        }
        let after = record.state
        if before.playbackStatus != after.playbackStatus || before.rate != after.rate
          || before.trackID != after.trackID
        {
          let now = PositionAnchor.now()
          let position: Double
          if let microseconds = (try? await player.property(PlayerProperty.position.rawValue))?.int64Value {
            position = Double(microseconds) / 1_000_000
          } else {
            position = record.anchor.position(at: now)
          }
          record.anchor = PositionAnchor(position: position, rate: PlayerRecord.movingRate(after), at: now)
        }
        if before.metadata["mpris:artUrl"] != after.metadata["mpris:artUrl"] {
          record.artworkVersion = await ArtworkFile.find(artURL: record.artURL)?.version
        }
      } else if interface == MediaPlayerInterface.remoteControl.rawValue {
        record.extras.merge(changed) { _, new in new }
        for name in invalidated { record.extras[name] = nil }
      }
    case .seeked(let microseconds):
      record.anchor = PositionAnchor(
        position: Double(microseconds) / 1_000_000, rate: PlayerRecord.movingRate(record.state),
        at: PositionAnchor.now())
    }
  }

  // MARK: - Publishing

  /// Stores `record` and tells clients what changed: `added` for a new player, else a `changed`
  /// with only the fields that differ.
  private func publish(_ record: PlayerRecord, generation: UInt64) {
    state.withLock { state in
      guard state.generations[record.identity.busName] == generation else { return }
      let id = record.id
      let json = record.json(isNowPlaying: state.order.nowPlaying == record.identity.busName)
      state.records[id] = record
      let old = state.snapshots[id]
      state.snapshots[id] = json
      let now = PositionAnchor.now()
      guard let old else {
        broadcast(
          .object([("type", .string("added")), ("now", .integer(now)), ("player", json)]), in: &state)
        sendOrderIfChanged(in: &state)
        return
      }
      let changes = Self.changes(from: old, to: json)
      guard !changes.isEmpty else { return }
      broadcast(
        .object([
          ("type", .string("changed")), ("now", .integer(now)), ("id", .string(id)),
          ("changes", .object(changes)),
        ]),
        in: &state)
    }
  }

  /// The top-level fields of `new` that differ from `old`'s.
  private static func changes(from old: JSON, to new: JSON) -> [(String, JSON)] {
    guard case .object(let members) = new else { return [] }
    return members.filter { key, value in old[key] != value }
  }

  /// Sends the order, then recomputes every snapshot's `isNowPlaying` after an order change.
  private func refreshNowPlaying(in state: inout State) {
    sendOrderIfChanged(in: &state)
    let now = PositionAnchor.now()
    for (id, record) in state.records {
      let isNowPlaying = state.order.nowPlaying == record.identity.busName
      guard let old = state.snapshots[id], old["isNowPlaying"]?.boolValue != isNowPlaying else { continue }
      state.snapshots[id] = record.json(isNowPlaying: isNowPlaying)
      broadcast(
        .object([
          ("type", .string("changed")), ("now", .integer(now)), ("id", .string(id)),
          ("changes", .object([("isNowPlaying", .bool(isNowPlaying))])),
        ]), in: &state)
    }
  }

  /// The ids of the loaded players in the hub's order, and the Now Playing one's.
  private static func visibleOrder(_ state: State) -> ([String], String?) {
    let ids = state.order.players.compactMap(PlayerIdentity.init(busName:)).map(\.instance).filter {
      state.records[$0] != nil
    }
    let nowPlaying = state.order.nowPlaying.flatMap(PlayerIdentity.init(busName:)).map(\.instance)
    return (ids, nowPlaying.flatMap { ids.contains($0) ? $0 : nil })
  }

  private func sendOrderIfChanged(in state: inout State) {
    let order = Self.visibleOrder(state)
    guard order.0 != state.sentOrder.0 || order.1 != state.sentOrder.1 else { return }
    state.sentOrder = order
    broadcast(
      .object([
        ("type", .string("order")), ("now", .integer(PositionAnchor.now())), ("nowPlaying", .string(order.1)),
        ("players", .array(order.0.map(JSON.string))),
      ]), in: &state)
  }

  private func broadcast(_ message: JSON, in state: inout State) {
    guard !state.subscribers.isEmpty else { return }
    let text = message.text
    for (id, subscriber) in state.subscribers {
      if case .dropped = subscriber.continuation.yield(text) {
        state.closeReasons[id] = .overflow
        state.subscribers[id] = nil
        subscriber.continuation.finish()
      }
    }
  }

  // MARK: - Reading

  /// Every loaded player's snapshot in the hub's order, with the Now Playing id.
  func snapshot() -> JSON {
    state.withLock { Self.snapshot(of: $0) }
  }

  private static func snapshot(of state: State) -> JSON {
    let (ids, nowPlaying) = visibleOrder(state)
    return .object([
      ("now", .integer(PositionAnchor.now())), ("nowPlaying", .string(nowPlaying)),
      ("players", .array(ids.compactMap { state.snapshots[$0] })),
    ])
  }

  /// One player's snapshot, by id.
  func snapshot(of id: String) -> JSON? {
    state.withLock { $0.snapshots[id] }
  }

  /// One player's record, by id.
  func record(_ id: String) -> PlayerRecord? {
    state.withLock { $0.records[id] }
  }

  /// The known ids, in order, for error messages.
  func ids() -> [String] {
    state.withLock { Self.visibleOrder($0).0 }
  }

  // MARK: - Clients

  /// A new client's stream of messages, starting with a `snapshot`; nothing is missed or sent
  /// twice between the two.
  func subscribe(deviceID: String) -> (UInt64, AsyncStream<String>) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingOldest(Subscriber.maximumBacklog))
    let id = state.withLock { state -> UInt64 in
      let id = state.nextSubscriber
      state.nextSubscriber += 1
      continuation.yield(Self.snapshotMessage(of: state))
      state.subscribers[id] = Subscriber(deviceID: deviceID, continuation: continuation)
      return id
    }
    return (id, stream)
  }

  private static func snapshotMessage(of state: State) -> String {
    guard case .object(let members) = snapshot(of: state) else { return "{}" }
    return JSON.object([("type", .string("snapshot"))] + members).text
  }

  /// Sends a client the whole state again (its `resync`).
  func resync(_ subscriber: UInt64) {
    state.withLock { state in
      guard let client = state.subscribers[subscriber] else { return }
      if case .dropped = client.continuation.yield(Self.snapshotMessage(of: state)) {
        state.closeReasons[subscriber] = .overflow
        state.subscribers[subscriber] = nil
        client.continuation.finish()
      }
    }
  }

  /// Sends one client one message (an acknowledgement, an error).
  func send(_ message: JSON, to subscriber: UInt64) {
    state.withLock { state in
      guard let client = state.subscribers[subscriber] else { return }
      if case .dropped = client.continuation.yield(message.text) {
        state.closeReasons[subscriber] = .overflow
        state.subscribers[subscriber] = nil
        client.continuation.finish()
      }
    }
  }

  /// Forgets a client.
  func unsubscribe(_ subscriber: UInt64) {
    state.withLock { state in
      state.subscribers.removeValue(forKey: subscriber)?.continuation.finish()
      state.closeReasons[subscriber] = nil
    }
  }

  /// Why the directory ended a client's stream, if it did.
  func closeReason(_ subscriber: UInt64) -> Subscriber.CloseReason? {
    state.withLock { $0.closeReasons[subscriber] }
  }

  /// Ends the streams of every client of `deviceID` (revoked).
  func disconnect(deviceID: String) {
    state.withLock { state in
      for (id, subscriber) in state.subscribers where subscriber.deviceID == deviceID {
        state.closeReasons[id] = .revoked
        state.subscribers[id] = nil
        subscriber.continuation.finish()
      }
    }
  }
}
