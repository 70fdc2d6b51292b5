internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS
internal import Synchronization

/// The Now Playing hub's active player as it changes, for `--follow` without `-p`: the follower
/// shows the hub's choice whenever a hub runs, and its own otherwise.
///
/// It listens to the hub's `NowPlayingChanged` and to its name's owner; it never starts a hub.
final class HubWatch: Sendable {
  private let active: Mutex<String?>
  private let subscriptions: Mutex<[Subscription]> = Mutex([])

  private init(active: String?) {
    self.active = Mutex(active)
  }

  /// Starts watching the hub on `session`'s connection when `choice` names no players; calls
  /// `changed` (on the connection's thread, or from a task) whenever the hub's choice changes.
  /// `nil` when `-p` decides, or when the bus refuses the watch.
  static func start(
    choice: PlayerChoice, session: BusSession, changed: @escaping @Sendable () -> Void
  ) async -> HubWatch? {
    guard choice.players.isEmpty else { return nil }
    let client = HubClient(session: session)
    let watch = HubWatch(active: nil)
    do {
      let signals = try await client.connection.addMatch(
        rule: "type='signal',sender='\(HubAddress.busName.rawValue)',interface='\(Hub1.interface)',"
          + "member='\(Hub1.Signal.nowPlayingChanged)',path='\(HubAddress.path.rawValue)'"
      ) { message in
        guard let active = message.arguments.first?.stringValue else { return }
        watch.update(active.isEmpty ? nil : HubState.instance(active), changed: changed)
      }
      let owners = try await client.connection.watchNameOwner(HubAddress.busName) { change in
        guard change.newOwner != nil else {
          watch.update(nil, changed: changed)
          return
        }
        Task { watch.update(await client.activePlayer(), changed: changed) }
      }
      watch.subscriptions.withLock { $0 = [signals, owners] }
    } catch {
      return nil
    }
    watch.update(await client.activePlayer(), changed: changed)
    return watch
  }

  /// `ordered` (the follower's own order) with the hub's active player first, when a hub runs
  /// and follows that player too.
  func ordered<Tracked>(_ ordered: [(PlayerIdentity, Tracked)]) -> [(PlayerIdentity, Tracked)] {
    guard let active = active.withLock({ $0 }),
      let index = ordered.firstIndex(where: { $0.0.instance == active })
    else { return ordered }
    var reordered = ordered
    reordered.insert(reordered.remove(at: index), at: 0)
    return reordered
  }

  /// Stops watching.
  func stop() {
    subscriptions.withLock { $0 }.forEach { $0.cancel() }
  }

  private func update(_ player: String?, changed: @Sendable () -> Void) {
    let differs = active.withLock { current in
      defer { current = player }
      return current != player
    }
    if differs { changed() }
  }
}
