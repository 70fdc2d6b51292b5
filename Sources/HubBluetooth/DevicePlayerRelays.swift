package import DBus
package import HubCore
package import Logging
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import Synchronization

/// The hub's relays of Bluetooth devices' own players: each `org.bluez.MediaPlayer1` bluetoothd
/// has (a phone's player, a headphone's) published on the session bus as an MPRIS player
/// (``RelayedPlayer`` over a ``DevicePlayerSource``), named as mpris-proxy names it
/// (``DevicePlayerRule/mprisProxyName(of:in:)``), so that every tool lists it and its commands
/// reach the device. Whether it may be Now Playing is ``DevicePlayerRule``'s to say.
///
/// **One entry per device player, never two.** mpris-proxy asks for the same name with
/// `DBUS_NAME_FLAG_DO_NOT_QUEUE` and no replacement (tools/mpris-proxy.c `register_player` →
/// `g_dbus_setup_private` → gdbus/mainloop.c `dbus_bus_request_name`), gives the player up when
/// that fails ("Could not register bus name"), and never asks again; the relay asks the same
/// way. So the bus itself keeps one: while mpris-proxy owns a device player's name the hub does
/// not relay it (its request fails, and it waits), when that name leaves the bus (mpris-proxy
/// stopped) the hub takes over, and a mpris-proxy started after the hub's relay finds the name
/// taken and makes no second entry. After the session bus restarts, whichever asks first owns the
/// name: a relay that finds mpris-proxy's there withdraws.
///
/// The relays are withdrawn when their device's player goes (the device disconnected), when
/// bluetoothd leaves the bus, and when the hub stops.
package final class DevicePlayerRelays: Sendable {
  private enum Entry: Sendable {
    /// The relay is starting under this name.
    case starting(BusName)
    case running(RelayedPlayer, DevicePlayerSource)
    /// Another connection (mpris-proxy's) owns the name: the hub waits for it to leave.
    case yielded(BusName)
  }

  private struct State: Sendable {
    var entries: [ObjectPath: Entry] = [:]
    var objects = BlueZObjects()
    /// The players that cannot be named (no device, or a device without an alias), said once.
    var unnamed: Set<ObjectPath> = []
    var isStopped = false
  }

  private let hub: Hub
  /// The hub's one path for a user's command: a press on a relay's own name takes it.
  private let commands: CommandPath
  private let bluetooth: BluetoothService
  private let sessionAddress: BusAddress
  private let thread: ConnectionThread
  private let logger: Logger
  private let state = Mutex(State())
  /// The relays being connected, cancelled and waited for when the hub stops.
  private let starting = PartTasks()
  /// What the part observes, removed when the hub stops.
  private let observers: Mutex<(bluetooth: ObservationToken, view: ObservationToken)?> = Mutex(nil)

  /// Relays the device players `bluetooth` finds onto the session bus at `sessionAddress`, each
  /// relay on a connection of its own served by `thread` (the hub's bus thread), entered in
  /// the relay registry of `commands`' hub, a controller's press on each sent through `commands`.
  package init(
    commands: CommandPath, bluetooth: BluetoothService, sessionAddress: BusAddress, thread: ConnectionThread,
    logger: Logger
  ) {
    let hub = commands.hub
    self.hub = hub
    self.commands = commands
    self.bluetooth = bluetooth
    self.sessionAddress = sessionAddress
    self.thread = thread
    self.logger = logger
    let following = bluetooth.observe { [self] objects in
      hub.connection.perform { [self] in update(objects) }
    }
    let watching = hub.view.observe { [self] change in
      switch change {
      case .nameAppeared(let name, let owner, _): appeared(name, owner: owner)
      case .nameVanished(let name, _, _): vanished(name)
      default: break
      }
    }
    observers.withLock { $0 = (following, watching) }
  }

  /// Withdraws every relay, those still connecting too, and stops following bluetoothd and the
  /// session's players: the hub stops.
  package func closeAll() async {
    if let tokens = observers.withLock({ $0.take() }) {
      bluetooth.removeObserver(tokens.bluetooth)
      hub.view.removeObserver(tokens.view)
    }
    state.withLock { $0.isStopped = true }
    // A relay that connects meanwhile finds the part stopped, and closes.
    await starting.stop()
    let relays = state.withLock { state -> [RelayedPlayer] in
      defer { state.entries = [:] }
      return state.entries.values.compactMap { if case .running(let relay, _) = $0 { relay } else { nil } }
    }
    relays.forEach { $0.close() }
  }

  // MARK: - Following bluetoothd

  /// Takes bluetoothd's objects now: starts a relay for each new device player, announces what
  /// changed in each relayed one, withdraws those gone. On the hub's bus thread.
  private func update(_ objects: BlueZObjects) {
    hub.connection.assertOnConnectionThread()
    let players = Set(objects.devicePlayers)
    let (gone, new, running, unnamed) = state.withLock {
      state -> ([RelayedPlayer], [(ObjectPath, BusName)], [(RelayedPlayer, DevicePlayerSource)], [ObjectPath])
      in
      state.objects = objects
      guard !state.isStopped else { return ([], [], [], []) }
      var gone: [RelayedPlayer] = []
      for (path, entry) in state.entries where !players.contains(path) {
        state.entries[path] = nil
        if case .running(let relay, _) = entry { gone.append(relay) }
      }
      state.unnamed.formIntersection(players)
      var new: [(ObjectPath, BusName)] = []
      var unnamed: [ObjectPath] = []
      var running: [(RelayedPlayer, DevicePlayerSource)] = []
      for path in players.sorted(by: { $0.rawValue < $1.rawValue }) {
        switch state.entries[path] {
        case nil:
          guard
            let name = DevicePlayerRule.mprisProxyName(of: path, in: objects).flatMap(BusName.init(rawValue:))
          else {
            if state.unnamed.insert(path).inserted { unnamed.append(path) }
            continue
          }
          state.unnamed.remove(path)
          state.entries[path] = .starting(name)
          new.append((path, name))
        case .running(let relay, let source)?:
          running.append((relay, source))
        case .starting?, .yielded?:
          break
        }
      }
      return (gone, new, running, unnamed)
    }
    for relay in gone {
      logger.info(
        "a Bluetooth device's player left: its relay is withdrawn",
        metadata: ["relay": "\(relay.name)", "player": "\(relay.relayed)"])
      relay.close()
    }
    for path in unnamed {
      logger.warning(
        "a Bluetooth device's player has no device with an alias (Device, Alias): the hub cannot name it and does not relay it",
        metadata: ["player": "\(path)"])
    }
    for (relay, source) in running { announce(relay, source, objects) }
    for (path, name) in new { start(path, named: name, objects) }
  }

  /// Tells `relay` what changed in its device player.
  private func announce(_ relay: RelayedPlayer, _ source: DevicePlayerSource, _ objects: BlueZObjects) {
    let update = source.take(
      objects[source.path, BlueZ.mediaPlayer] ?? [:], identity: Self.identity(of: source.path, in: objects))
    if !update.player.isEmpty { relay.changed(MediaPlayerInterface.player.rawValue, names: update.player) }
    if update.identity {
      relay.changed(MediaPlayerInterface.root.rawValue, names: [RootProperty.identity.rawValue])
    }
    if let position = update.seeked { relay.seeked(to: position) }
  }

  /// What the player at `path` is called: its device's alias, a space and its `Name` when it has
  /// one (mpris-proxy's `get_name`).
  static func identity(of path: ObjectPath, in objects: BlueZObjects) -> String {
    let player = objects[path, BlueZ.mediaPlayer]
    let device = player?["Device"]?.stringValue.flatMap(ObjectPath.init(rawValue:))
    let alias = device.flatMap { objects[$0, BlueZ.device]?["Alias"]?.stringValue } ?? path.rawValue
    return player?["Name"]?.stringValue.map { alias + " " + $0 } ?? alias
  }

  // MARK: - Relays

  /// Starts the relay of the device player at `path` as `name`. On the hub's bus thread.
  private func start(_ path: ObjectPath, named name: BusName, _ objects: BlueZObjects) {
    hub.connection.assertOnConnectionThread()
    let source = DevicePlayerSource(
      path: path, name: name, identity: Self.identity(of: path, in: objects),
      properties: objects[path, BlueZ.mediaPlayer] ?? [:], bluetooth: bluetooth)
    starting.start { [self] in
      do throws(BusError) {
        let relay = try await RelayedPlayer.start(
          named: name, relaying: .devicePlayer(path), from: source, address: sessionAddress, on: thread,
          commands: commands, logger: logger)
        // With the hub's connection closed, nobody would take it: withdrawn at once.
        if !hub.connection.perform({ [self] in started(relay, source, path: path) }) { relay.close() }
      } catch {
        hub.connection.perform { [self] in yielded(path, name: name, error: error) }
      }
    }
  }

  /// The relay of `path` owns its name. On the hub's bus thread.
  private func started(_ relay: RelayedPlayer, _ source: DevicePlayerSource, path: ObjectPath) {
    hub.connection.assertOnConnectionThread()
    let objects = state.withLock { state -> BlueZObjects? in
      guard !state.isStopped, case .starting(let name)? = state.entries[path], name == relay.name else {
        return nil
      }
      state.entries[path] = .running(relay, source)
      return state.objects
    }
    guard let objects else {
      relay.close()
      return
    }
    logger.info(
      "relaying a Bluetooth device's player on the session bus",
      metadata: ["relay": "\(relay.name)", "player": "\(path)", "owner": "\(relay.owner)"])
    // What changed while it started.
    announce(relay, source, objects)
  }

  /// The relay of `path` could not own `name`: another connection (mpris-proxy's) relays the
  /// device's player. The hub waits for that name to leave the bus. On the hub's bus thread.
  private func yielded(_ path: ObjectPath, name: BusName, error: BusError) {
    hub.connection.assertOnConnectionThread()
    let waits = state.withLock { state -> Bool in
      guard !state.isStopped, case .starting(let starting)? = state.entries[path], starting == name else {
        return false
      }
      state.entries[path] = .yielded(name)
      return true
    }
    guard waits else { return }
    logger.info(
      "a Bluetooth device's player is relayed by another program (mpris-proxy): the hub does not relay it a second time",
      metadata: ["name": "\(name)", "player": "\(path)", "error": "\(error.message)"])
    // The name may have left between the refusal and now, before the view could say so.
    hub.connection.nameOwner(of: name) { [self] result in
      switch result {
      case .success(nil):
        vanished(name)
      case .success:
        break
      case .failure(let error):
        logger.debug(
          "cannot ask who owns a device player's name; the hub waits for it to leave",
          metadata: ["name": "\(name)", "error": "\(error.message)"])
      }
    }
  }

  /// `owner` owns `name` on the session bus: when that is a relay's name and another connection
  /// owns it (after the session bus restarted, mpris-proxy asked for it before the relay asked
  /// again), the relay is withdrawn and the hub waits for that name to leave. On the hub's bus
  /// thread.
  private func appeared(_ name: BusName, owner: BusName) {
    hub.connection.assertOnConnectionThread()
    let withdrawn = state.withLock { state -> RelayedPlayer? in
      for (path, entry) in state.entries {
        guard case .running(let relay, _) = entry, relay.name == name, relay.owner != owner else { continue }
        state.entries[path] = .yielded(name)
        return relay
      }
      return nil
    }
    guard let withdrawn else { return }
    logger.info(
      "another program (mpris-proxy) owns a relayed Bluetooth device player's name: the hub withdraws its relay",
      metadata: ["name": "\(name)", "owner": "\(owner)", "player": "\(withdrawn.relayed)"])
    withdrawn.close()
  }

  /// `name` left the session bus: a device player the hub yielded to another program is relayed
  /// by the hub again. On the hub's bus thread.
  private func vanished(_ name: BusName) {
    hub.connection.assertOnConnectionThread()
    let (path, objects) = state.withLock { state -> (ObjectPath?, BlueZObjects) in
      guard !state.isStopped,
        let path = state.entries.first(where: { if case .yielded(name) = $0.value { true } else { false } })?
          .key
      else { return (nil, state.objects) }
      state.entries[path] = .starting(name)
      return (path, state.objects)
    }
    guard let path else { return }
    logger.info(
      "the program that relayed a Bluetooth device's player left: the hub relays it",
      metadata: ["name": "\(name)", "player": "\(path)"])
    start(path, named: name, objects)
  }
}
