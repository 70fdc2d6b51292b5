package import DBus
package import HubCore
package import Logging
package import RemoteControl
import ServiceLifecycle
import Synchronization

/// The hub's Bluetooth part: it follows bluetoothd (`org.bluez`) on the system bus through its
/// ObjectManager — `GetManagedObjects` when bluetoothd is there, then `InterfacesAdded`,
/// `InterfacesRemoved` and `PropertiesChanged` — and starts again from `GetManagedObjects` each
/// time bluetoothd comes back onto the bus (`NameOwnerChanged`: it restarted).
///
/// It runs on the hub's one system-bus connection (``SystemBusConnection``), on the hub's bus
/// thread: a car's press reaches the command path on the thread that sends it on to the player.
///
/// Without a system bus, or without bluetoothd on it, it says so once in the hub's log and on
/// ``BluetoothStatus`` (for `remotectl doctor`), and the rest of the hub works as before.
package final class BluetoothService: Service, Sendable {
  private struct State: Sendable {
    var connection: Connection?
    var objects = BlueZObjects()
    /// bluetoothd's unique name, `nil` while it is not on the bus.
    var owner: BusName?
    /// Counts bluetoothd's appearances, so that a `GetManagedObjects` reply for an earlier one is
    /// dropped.
    var generation = 0
    /// Whether the absence of bluetoothd was logged since it was last there.
    var saidAbsent = false
    /// The Now Playing player's registration with the adapters, once published.
    var registration: PlayerRegistration?
  }

  /// Publishes the Now Playing player on the system bus connection for the adapters to
  /// register, and returns it with what withdraws it.
  package typealias Publish =
    @Sendable (Connection) async throws -> (PlayerRegistration.Player, close: @Sendable () -> Void)

  package let status: BluetoothStatus
  package let logger: Logger
  private let systemBus: SystemBusConnection
  private let publish: Publish?
  private let state = Mutex(State())
  /// Told, on the system bus connection's thread, what bluetoothd has after each change.
  private let observers = Mutex(ObserverList<@Sendable (BlueZObjects) -> Void>())

  /// A Bluetooth part on the hub's system-bus connection.
  ///
  /// With `publish`, the Now Playing player it publishes is registered with every adapter's
  /// `org.bluez.Media1` (``PlayerRegistration``).
  package init(
    status: BluetoothStatus, systemBus: SystemBusConnection, publish: Publish? = nil, logger: Logger
  ) {
    self.status = status
    self.systemBus = systemBus
    self.publish = publish
    self.logger = logger
  }

  /// Calls `observer` with what bluetoothd has after every change, on the hub's bus thread (the
  /// system bus connection's), and with nothing when bluetoothd leaves.
  ///
  /// - Returns: What stops it: pass it to ``removeObserver(_:)`` when the observer's owner stops.
  @discardableResult
  package func observe(_ observer: @escaping @Sendable (BlueZObjects) -> Void) -> ObservationToken {
    observers.withLock { $0.add(observer) }
  }

  /// Stops calling the observer that `token` was returned for.
  package func removeObserver(_ token: ObservationToken) {
    observers.withLock { $0.remove(token) }
  }

  /// What bluetoothd has now.
  package var objects: BlueZObjects { state.withLock { $0.objects } }

  /// The system bus connection, once connected.
  package var connection: Connection? { state.withLock { $0.connection } }

  package func run() async throws {
    let connection: Connection
    do {
      connection = try await systemBus.connection()
    } catch {
      let reason = "no system bus (\(error.message)): Bluetooth devices do not see the Now Playing player"
      logger.notice("\(reason)")
      status.off(reason)
      await untilGracefulShutdown()
      return
    }
    // The connection is the hub's, shared: it closes with the hub; what the part installed on it
    // is withdrawn when it stops.
    state.withLock { $0.connection = connection }
    var close: (@Sendable () -> Void)?
    if let publish {
      do {
        let (player, withdraw) = try await publish(connection)
        close = withdraw
        let registration = PlayerRegistration(player: player, on: connection, logger: logger) { [status] in
          status.registered($0, refusals: $1)
        }
        state.withLock { $0.registration = registration }
      } catch {
        logger.warning(
          "cannot publish the Now Playing player on the system bus: Bluetooth devices do not see it",
          metadata: ["error": "\(error)"])
      }
    }
    var subscriptions: [Subscription] = []
    do {
      try await follow(on: connection, subscriptions: &subscriptions)
    } catch {
      let reason = "cannot follow bluetoothd on the system bus (\(error.message))"
      logger.warning("\(reason)")
      status.off(reason)
    }
    await untilGracefulShutdown()
    subscriptions.forEach { $0.cancel() }
    await state.withLock { $0.registration }?.unregisterAll()
    close?()
  }

  /// Suspends until graceful shutdown, or until the group cancels the part: either way it
  /// stops, so a cancellation is no failure to report.
  private func untilGracefulShutdown() async {
    do {
      try await gracefulShutdown()
    } catch {
      logger.debug("the Bluetooth part is cancelled rather than shut down gracefully")
    }
  }

  // MARK: - Following bluetoothd

  /// Follows bluetoothd on `connection`; what it installs is added to `subscriptions`, for
  /// the caller to cancel when the part stops.
  private func follow(on connection: Connection, subscriptions: inout [Subscription]) async throws(BusError) {
    subscriptions.append(
      try await connection.watchNameOwner(BlueZ.busName) { [self] change in
        ownerChanged(to: change.newOwner, on: connection)
      })
    let sender = "type='signal',sender='\(BlueZ.busName.rawValue)'"
    subscriptions.append(
      try await connection.addMatch(
        rule: "\(sender),path='\(BlueZ.root.rawValue)',interface='\(BlueZ.objectManager)'"
      ) { [self] message in
        switch message.member {
        case "InterfacesAdded": added(message.arguments)
        case "InterfacesRemoved": removed(message.arguments)
        default: break
        }
      })
    subscriptions.append(
      try await connection.addMatch(
        rule:
          "\(sender),path_namespace='/org/bluez',interface='\(BlueZ.properties)',member='PropertiesChanged'"
      ) { [self] message in
        guard let path = message.path else { return }
        changed(at: path, message.arguments)
      })
    let owner = try await connection.nameOwner(of: BlueZ.busName)
    connection.run { [self] in
      // On the connection's thread, in order with the signals: unless NameOwnerChanged already
      // said otherwise.
      guard state.withLock({ $0.owner == nil && $0.generation == 0 }) else { return }
      ownerChanged(to: owner, on: connection)
    }
  }

  /// bluetoothd came onto the bus as `owner`, or left it (`nil`): everything known is dropped,
  /// and read again from `GetManagedObjects` when it is there.
  private func ownerChanged(to owner: BusName?, on connection: Connection) {
    let (generation, sayAbsent) = state.withLock { state -> (Int, Bool) in
      state.owner = owner
      state.generation += 1
      state.objects.removeAll()
      let sayAbsent = owner == nil && !state.saidAbsent
      if sayAbsent { state.saidAbsent = true }
      return (state.generation, sayAbsent)
    }
    guard let owner else {
      let reason =
        "bluetoothd (org.bluez) is not on the system bus: Bluetooth devices do not see the Now Playing player"
      if sayAbsent { logger.notice("\(reason)") } else { logger.debug("\(reason)") }
      status.off(reason)
      notify()
      return
    }
    logger.info("bluetoothd is on the system bus", metadata: ["owner": "\(owner)"])
    connection.call(
      destination: BlueZ.busName, path: BlueZ.root, interface: BlueZ.objectManager,
      member: "GetManagedObjects"
    ) { [self] result in
      guard state.withLock({ $0.generation == generation }) else { return }
      switch result {
      case .success(let values):
        let read = state.withLock { state in
          values.first.map { state.objects.replace(withManagedObjects: $0) } ?? false
        }
        if !read {
          logger.warning("bluetoothd's GetManagedObjects answered something else than a{oa{sa{sv}}}")
        }
        for player in objects.devicePlayers { check(player: player) }
        notify()
      case .failure(let error):
        logger.warning("bluetoothd's GetManagedObjects failed", metadata: ["error": "\(error.message)"])
      }
    }
  }

  private func added(_ arguments: [Value]) {
    let (interfaces, path) = state.withLock { state in
      (state.objects.add(arguments), arguments.first)
    }
    guard !interfaces.isEmpty else {
      logger.warning("bluetoothd sent an InterfacesAdded that is not (o, a{sa{sv}})")
      return
    }
    if interfaces.contains(BlueZ.mediaPlayer), case .objectPath(let path)? = path { check(player: path) }
    notify()
  }

  private func removed(_ arguments: [Value]) {
    guard state.withLock({ $0.objects.remove(arguments) }) != nil else {
      logger.warning("bluetoothd sent an InterfacesRemoved that is not (o, as)")
      return
    }
    notify()
  }

  private func changed(at path: ObjectPath, _ arguments: [Value]) {
    guard let interface = state.withLock({ $0.objects.change(at: path, arguments) }) else { return }
    if interface == BlueZ.mediaPlayer { check(player: path) }
    notify()
  }

  /// Logs what is ill-typed in the device player at `path`: the hub then goes without that
  /// property.
  private func check(player path: ObjectPath) {
    guard let properties = objects[path, BlueZ.mediaPlayer] else { return }
    var illTyped: [DevicePlayerProperties.IllTyped] = [("Device", "o"), ("Name", "s")].compactMap {
      name, type in
      guard let value = properties[name], value.signature.rawValue != type else { return nil }
      return DevicePlayerProperties.IllTyped(name: name, expected: type, got: value.signature.rawValue)
    }
    illTyped += DevicePlayerProperties(properties, at: path).illTyped
    for property in illTyped {
      logger.warning(
        "a Bluetooth device's player has an ill-typed property; the hub goes without it",
        metadata: [
          "player": "\(path)", "property": "\(property.name)", "expected": "\(property.expected)",
          "got": "\(property.got)",
        ])
    }
  }

  /// Updates the status and tells the observers.
  private func notify() {
    let (objects, present, registration) = state.withLock { ($0.objects, $0.owner != nil, $0.registration) }
    registration?.update(objects)
    if present {
      status.serves(
        adapters: objects.mediaAdapters, registered: registration?.registered,
        refusals: registration?.refusals ?? [:])
    }
    for observer in observers.withLock({ $0 }) { observer(objects) }
  }
}
