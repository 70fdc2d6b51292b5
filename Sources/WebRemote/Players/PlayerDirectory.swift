import DBus
import HubSupport
import Logging
import PlayerView
import Synchronization

/// The players the hub lists, as the web remote shows them: each one's snapshot made from its
/// mirror in the hub's view of the players, and every change sent once, as a delta, to every
/// WebSocket client.
///
/// The view tells the directory what changed (on its connection's thread, in order); which
/// players and in which order comes from the hub (``NowPlayingSource``). The directory asks no
/// player for anything: commands are sent on the view's connection.
final class PlayerDirectory: Sendable {
  struct State: Sendable {
    var order = NowPlayingOrder(players: [], nowPlaying: nil)
    var records: [String: PlayerRecord] = [:]
    /// The records' snapshots as clients last heard them. While no client listens none is made:
    /// a record's snapshot is made when a client subscribes or a request asks for it.
    var snapshots: [String: JSONValue] = [:]
    /// The order last sent: ids and the Now Playing id.
    var sentOrder: ([String], String?) = ([], nil)
    var subscribers: [UInt64: Subscriber] = [:]
    var closeReasons: [UInt64: Subscriber.CloseReason] = [:]
    var nextSubscriber: UInt64 = 1
    /// The players the audio session holds interrupted, by connection.
    var interrupted: Set<String> = []
    /// The level of each player's own streams last read or set, by connection.
    var streamLevels: [String: Double] = [:]
    /// The players whose MPRIS `Volume` took a write and stayed as it was, by connection.
    var ignoresVolume: Set<String> = []
  }

  let view: PlayerView
  let hub: any NowPlayingSource
  /// The audio session, when there is one.
  let interruptions: (any PlayerInterruptions)?
  /// Where commands to players are sent.
  let commands: any PlayerCommands
  /// The way to players' own streams on the sound server, when there is one.
  let streamVolumes: (any PlayerStreamVolumes)?
  let logger: Logger
  /// The players the pages hand to their browsers' Media Session.
  let lockScreens: LockScreenHandover
  /// The players, their snapshots and the clients.
  let state = Mutex(State())
  /// The version of the artwork file a `file://` `mpris:artUrl` names, `nil` when the hub
  /// serves none: ``ArtworkFile/find(artURL:logger:)``, which waits on the disk off the cooperative pool.
  let artworkVersion: @Sendable (_ artURL: String) async -> String?

  /// A directory of `view`'s players in `hub`'s order; commands go to `commands`, or straight to
  /// the player on the view's connection when it is `nil`; `artworkVersion` tells an artwork
  /// file's version from a `file://` `mpris:artUrl`.
  init(
    view: PlayerView, hub: any NowPlayingSource, interruptions: (any PlayerInterruptions)?,
    commands: (any PlayerCommands)? = nil, streamVolumes: (any PlayerStreamVolumes)? = nil,
    logger: Logger, artworkVersion: @escaping @Sendable (_ artURL: String) async -> String?
  ) {
    self.view = view
    self.hub = hub
    self.interruptions = interruptions
    self.commands = commands ?? DirectPlayerCommands(connection: view.connection)
    self.streamVolumes = streamVolumes
    self.logger = logger
    self.artworkVersion = artworkVersion
    self.lockScreens = LockScreenHandover(hub: hub)
  }

  // MARK: - Running

  /// Follows the hub's order, the view's changes and the audio session's interruptions until
  /// cancelled; then every client's stream ends. `following` is called once the directory holds
  /// the players as they are now, and follows their changes.
  func run(following: @Sendable () -> Void = {}) async {
    let changes = hub.orderChanges()
    let interruptionChanges = interruptions?.interruptionChanges()
    // Each change is taken in after the other handlers of the message that made it and the
    // messages read with it: a reply the proxy forwards goes out without waiting for the
    // directory's snapshots. A command's acknowledgement waits for it (``perform(_:on:answered:)``).
    let observer = view.observe { [self] change in view.connection.perform { [self] in take(change) } }
    if let interruptions { interrupted(interruptions.interruptedPlayers()) }
    apply(hub.currentOrder())
    readStreamLevelsNow()
    following()
    await withDiscardingTaskGroup { group in
      if let interruptionChanges {
        group.addTask { [self] in
          for await players in interruptionChanges { interrupted(players) }
        }
      }
      for await order in changes {
        guard !Task.isCancelled else { break }
        apply(order)
      }
      group.cancelAll()
    }
    view.removeObserver(observer)
    stopAll()
  }

  /// Takes in the players the audio session holds interrupted now, and tells clients of each
  /// player whose interruption began or ended.
  private func interrupted(_ players: Set<String>) {
    state.withLock { state in
      let changed = state.interrupted.symmetricDifference(players)
      state.interrupted = players
      for (_, record) in state.records where changed.contains(record.mirror.owner.rawValue) {
        var updated = record
        updated.isInterrupted = players.contains(record.mirror.owner.rawValue)
        publish(updated, in: &state)
      }
    }
  }

  /// Takes in a new order from the hub: shows new players, forgets gone ones, and tells clients
  /// what changed.
  func apply(_ order: NowPlayingOrder) {
    let artwork = state.withLock { state -> [ArtworkRequest] in
      var artwork: [ArtworkRequest] = []
      state.order = order
      let wanted = Set(order.players)
      for (id, record) in state.records where !wanted.contains(record.busName) { remove(id, in: &state) }
      for busName in order.players where state.records[PlayerRecord.id(of: busName)] == nil {
        // Read under the directory's lock, so that a change the view tells meanwhile is not
        // overtaken by an older mirror.
        guard let mirror = BusName(rawValue: busName).flatMap(view.mirror(named:)), mirror.isLoaded else {
          continue
        }
        publish(
          record(busName: busName, mirror: mirror, previous: nil, in: state, artwork: &artwork), in: &state)
      }
      refreshNowPlaying(in: &state)
      return artwork
    }
    lookUp(artwork)
  }

  /// What the view saw: a player read, changed or gone. On the view's connection thread, where
  /// ``run()`` hands each change in order.
  private func take(_ change: PlayerView.Change) {
    view.connection.assertOnConnectionThread()
    let owner: BusName
    switch change {
    case .propertiesChanged(let changed, _, _, _), .seeked(let changed, _): owner = changed
    case .nameVanished(_, let changed, .some): owner = changed
    case .nameAppeared, .nameVanished, .interfacesChanged, .signal, .processIdentified: return
    }
    let mirror = view.mirror(of: owner)
    let artwork = state.withLock { state -> [ArtworkRequest] in
      var artwork: [ArtworkRequest] = []
      for busName in state.order.players {
        let id = PlayerRecord.id(of: busName)
        let previous = state.records[id]
        guard let mirror, mirror.busNames.contains(where: { $0.rawValue == busName }), mirror.isLoaded else {
          if previous?.mirror.owner == owner {
            remove(id, in: &state)
            sendOrderIfChanged(in: &state)
          }
          continue
        }
        publish(
          record(busName: busName, mirror: mirror, previous: previous, in: state, artwork: &artwork),
          in: &state)
      }
      return artwork
    }
    lookUp(artwork)
    readStreamLevel(after: change)
  }

  /// The record of `mirror` under `busName`. The artwork file is looked at again only when
  /// `mpris:artUrl` changed, and not here: the record shows no artwork until ``lookUp(_:)``
  /// found the file, and `artwork` says which to look for.
  private func record(
    busName: String, mirror: PlayerMirror, previous: PlayerRecord?, in state: State,
    artwork: inout [ArtworkRequest]
  ) -> PlayerRecord {
    var record = PlayerRecord(busName: busName, mirror: mirror, artworkVersion: previous?.artworkVersion)
    record.isInterrupted = state.interrupted.contains(mirror.owner.rawValue)
    record.reachesStreams = streamVolumes != nil
    record.streamLevel = state.streamLevels[mirror.owner.rawValue]
    record.ignoresVolume = state.ignoresVolume.contains(mirror.owner.rawValue)
    record.isOnSystemBus = hub.isSystemBusPlayer(owner: mirror.owner.rawValue)
    if previous == nil || previous?.artURL != record.artURL {
      record.artworkVersion = nil
      if let artURL = record.artURL, ArtworkFile.mayServe(artURL: artURL) {
        artwork.append(ArtworkRequest(id: record.id, artURL: artURL))
      }
    }
    return record
  }

  // MARK: - Artwork

  /// An artwork file to look at for the player `id`, whose `mpris:artUrl` it is.
  struct ArtworkRequest: Sendable {
    var id: String
    var artURL: String
  }

  /// Looks at the artwork files off the directory's lock and off the thread that called (the
  /// view's connection thread, which carries every forwarded reply): a stat and a hash may wait
  /// on the disk. Each player's record then shows the file's version, if it is still its
  /// `mpris:artUrl`: clients get a `changed` with the artwork after the change that named it.
  private func lookUp(_ artwork: [ArtworkRequest]) {
    for lookup in artwork {
      Task { [self] in
        let version = await artworkVersion(lookup.artURL)
        found(version, of: lookup)
      }
    }
  }

  /// The artwork file of `lookup` has `version` (`nil`: none the hub serves).
  private func found(_ version: String?, of lookup: ArtworkRequest) {
    state.withLock { state in
      guard var record = state.records[lookup.id], record.artURL == lookup.artURL,
        record.artworkVersion != version
      else { return }
      record.artworkVersion = version
      publish(record, in: &state)
    }
  }

  /// Drops the record of player `id` and tells clients it is gone.
  private func remove(_ id: String, in state: inout State) {
    guard state.records.removeValue(forKey: id) != nil else { return }
    state.snapshots[id] = nil
    broadcast(
      .object([("type", .string("removed")), ("now", .integer(PositionClock.now())), ("id", .string(id))]),
      in: &state)
  }

  // MARK: - Publishing

  /// Stores `record` and tells clients what changed: `added` for a new player, else a `changed`
  /// with only the fields that differ. With no client, it makes no snapshot.
  func publish(_ record: PlayerRecord, in state: inout State) {
    let id = record.id
    state.records[id] = record
    guard !state.subscribers.isEmpty else {
      state.snapshots[id] = nil
      sendOrderIfChanged(in: &state)
      return
    }
    let json = record.json(isNowPlaying: state.order.nowPlaying == record.busName)
    let old = state.snapshots[id]
    state.snapshots[id] = json
    let now = PositionClock.now()
    guard let old else {
      broadcast(.object([("type", .string("added")), ("now", .integer(now)), ("player", json)]), in: &state)
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

  /// The top-level fields of `new` that differ from `old`'s.
  private static func changes(from old: JSONValue, to new: JSONValue) -> [(String, JSONValue)] {
    guard case .object(let members) = new else { return [] }
    return members.filter { key, value in old[key] != value }
  }

  /// Sends the order, then recomputes every snapshot's `isNowPlaying` after an order change.
  private func refreshNowPlaying(in state: inout State) {
    sendOrderIfChanged(in: &state)
    guard !state.subscribers.isEmpty else {
      state.snapshots = [:]
      return
    }
    let now = PositionClock.now()
    for (id, record) in state.records {
      let isNowPlaying = state.order.nowPlaying == record.busName
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
    let ids = state.order.players.map(PlayerRecord.id(of:)).filter { state.records[$0] != nil }
    let nowPlaying = state.order.nowPlaying.map(PlayerRecord.id(of:))
    return (ids, nowPlaying.flatMap { ids.contains($0) ? $0 : nil })
  }

  private func sendOrderIfChanged(in state: inout State) {
    let order = Self.visibleOrder(state)
    guard order.0 != state.sentOrder.0 || order.1 != state.sentOrder.1 else { return }
    state.sentOrder = order
    broadcast(
      .object([
        ("type", .string("order")), ("now", .integer(PositionClock.now())), ("nowPlaying", .string(order.1)),
        ("players", .array(order.0.map(JSONValue.string))),
      ]), in: &state)
  }

  // MARK: - Reading

  /// Every loaded player's snapshot in the hub's order, with the Now Playing id.
  func snapshot() -> JSONValue {
    state.withLock { Self.snapshot(of: &$0) }
  }

  static func snapshot(of state: inout State) -> JSONValue {
    let (ids, nowPlaying) = visibleOrder(state)
    return .object([
      ("now", .integer(PositionClock.now())), ("nowPlaying", .string(nowPlaying)),
      ("players", .array(ids.compactMap { snapshot(of: $0, in: &state) })),
    ])
  }

  /// One player's snapshot, by id.
  func snapshot(of id: String) -> JSONValue? {
    state.withLock { Self.snapshot(of: id, in: &$0) }
  }

  /// The snapshot of the record `id`, made now if none was kept.
  private static func snapshot(of id: String, in state: inout State) -> JSONValue? {
    if let kept = state.snapshots[id] { return kept }
    guard let record = state.records[id] else { return nil }
    let json = record.json(isNowPlaying: state.order.nowPlaying == record.busName)
    state.snapshots[id] = json
    return json
  }

  /// One player's record, by id.
  func record(_ id: String) -> PlayerRecord? {
    state.withLock { $0.records[id] }
  }

  /// The known ids, in order, for error messages.
  func ids() -> [String] {
    state.withLock { Self.visibleOrder($0).0 }
  }
}
