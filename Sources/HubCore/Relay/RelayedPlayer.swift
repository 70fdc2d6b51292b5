package import DBus
package import Logging
package import PlayerView
import RemoteControlMPRIS
import Synchronization

/// A player the session's tools cannot see, published on the session bus as an ordinary MPRIS
/// player: `org.mpris.MediaPlayer2.NAME.system` for a system-bus player, the name mpris-proxy
/// gives a Bluetooth device's player.
///
/// One session-bus connection of its own per relay, on the hub's bus thread (its
/// `ConnectionThread`), owns the name and serves MPRIS's root and player interfaces
/// (`org.mpris.MediaPlayer2`, `org.mpris.MediaPlayer2.Player`) at `/org/mpris/MediaPlayer2`:
///
/// - reads are answered from the source's ``RelaySource/mirror`` (`Position` extrapolated), as
///   legal MPRIS values (``LegalValues``), an ill-typed value read as the declared fallback and
///   said once in the log;
/// - method calls and property writes are sent to the source and answered when it answered (a
///   call sent with no reply expected is sent all the same, and nothing is answered);
/// - what the source says changed is announced as `PropertiesChanged` (only what differs from
///   what was announced before) and `Seeked`.
///
/// Since it is a real session player, everything that works for session players works for it:
/// the hub's view and rule, `Hub1.Players`, the proxy, the web remote, remotectl, playerctl.
package final class RelayedPlayer: Sendable {
  private struct State: Sendable {
    /// What the relay's controllers last saw.
    var seen = OutletState()
    /// The ill-typed properties already said in the log, by interface key then name.
    var illTyped: Set<String> = []
    /// What the relay relays, and the owner it is entered under in the registry.
    var relayed: Relayed
    var entered: BusName?
    /// The calls and writes sent to the source and not answered yet.
    var unanswered = 0
    /// Whether ``close()`` was called: the connection closes once nothing is unanswered.
    var isClosing = false
  }

  /// The name the relay owns on the session bus.
  package let name: BusName
  /// The relay's own session-bus connection.
  package let connection: Connection
  package let source: any RelaySource
  package let logger: Logger
  private let registry: RelayRegistry
  private let state: Mutex<State>
  /// What undoes the exports.
  private let stops = Mutex<[@Sendable () -> Void]>([])

  private init(
    name: BusName, relayed: Relayed, connection: Connection, source: any RelaySource, registry: RelayRegistry,
    logger: Logger
  ) {
    self.state = Mutex(State(relayed: relayed))
    self.name = name
    self.connection = connection
    self.source = source
    self.registry = registry
    self.logger = logger
  }

  /// The unique name of the relay's connection: its owner in the hub's view and the registry.
  package var owner: BusName { connection.uniqueName }

  /// Connects to the session bus at `address` on `thread` (the hub's), serves `source` there,
  /// enters `relayed` in `registry` and then owns `name`.
  ///
  /// - Throws: The bus's error when it cannot connect, export or own `name` (another connection
  ///   owns it already); the relay is then closed.
  package static func start(
    named name: BusName, relaying relayed: Relayed, from source: any RelaySource, address: BusAddress,
    on thread: ConnectionThread, registry: RelayRegistry, logger: Logger
  ) async throws(BusError) -> RelayedPlayer {
    let connection = try await Connection.connect(address, on: thread)
    connection.logsFailures(to: logger)
    let relay = RelayedPlayer(
      name: name, relayed: relayed, connection: connection, source: source, registry: registry, logger: logger
    )
    do throws(BusError) {
      try await relay.serve()
      _ = connection.perform {
        relay.takeAsSeen()
        relay.enter()
      }
      await connection.performed()
      // Its unique name changes with a reconnect: entered again under the new one.
      connection.onReconnect = { relay.enter() }
      switch try await connection.requestName(name, flags: [.doNotQueue]) {
      case .primaryOwner, .alreadyOwner:
        break
      case .exists, .inQueue:
        throw BusError(.failed, "\(name) is owned by another connection on the session bus")
      }
    } catch {
      relay.close()
      throw error
    }
    return relay
  }

  /// Withdraws the relay: it leaves the registry, and its connection closes, which takes its name
  /// off the session bus, once every call sent to the source is answered (a source that left
  /// answers each with an error that says so, which reaches the caller). Calling it again does
  /// nothing.
  package func close() {
    let stops = stops.withLock { stops in
      defer { stops = [] }
      return stops
    }
    stops.forEach { $0() }
    // On the bus thread (a player that left) at once: the connection may close right after.
    if connection.isOnConnectionThread || !connection.perform({ [self] in leave() }) { leave() }
    let closes = state.withLock { state in
      state.isClosing = true
      return state.unanswered == 0
    }
    if closes { connection.close() }
  }

  /// Counts a call or write sent to the source.
  private func sent() {
    state.withLock { $0.unanswered += 1 }
  }

  /// Counts an answer of the source: the last one closes a closing relay's connection, after the
  /// answer went out.
  private func answered() {
    let closes = state.withLock { state in
      state.unanswered -= 1
      return state.isClosing && state.unanswered == 0
    }
    if closes { connection.close() }
  }

  /// What the relay relays now; change it with ``update(_:)``.
  package var relayed: Relayed { state.withLock { $0.relayed } }

  /// What the relay relays changed (a system-bus player's `isControllable`, say): the registry
  /// tells its observers. On the hub's bus thread.
  package func update(_ relayed: Relayed) {
    let owner = state.withLock { state in
      state.relayed = relayed
      return state.entered
    }
    if let owner { registry.set(relayed, for: owner) }
  }

  /// Enters the relay in the registry under its connection's unique name (again after a
  /// reconnect, under the new one). On the hub's bus thread.
  private func enter() {
    let owner = owner
    let (before, relayed) = state.withLock { state in
      defer { state.entered = owner }
      return (state.entered, state.relayed)
    }
    if let before, before != owner { registry.set(nil, for: before) }
    registry.set(relayed, for: owner)
  }

  /// Takes the relay out of the registry.
  private func leave() {
    let owner = state.withLock { state in
      defer { state.entered = nil }
      return state.entered
    }
    if let owner { registry.set(nil, for: owner) }
  }

  // MARK: - Serving

  private func serve() async throws(BusError) {
    var undo: [@Sendable () -> Void] = []
    do throws(BusError) {
      undo.append(try await connection.handlePropertyWrites(at: .mediaPlayer) { [self] in take($0) }.cancel)
      for interface in [InterfaceDescription.root, .player] {
        undo.append(try await connection.export(exported(interface), at: .mediaPlayer).cancel)
      }
    } catch {
      undo.forEach { $0() }
      throw error
    }
    stops.withLock { $0 = undo }
  }

  /// What `property` of `interface` reads now: the source's value when it has the declared type
  /// (the fallback otherwise), made legal; `Position` extrapolated.
  package func value(
    of property: InterfaceDescription.Property, in interface: InterfaceDescription, of mirror: PlayerMirror?,
    at instant: ContinuousClock.Instant
  ) -> Value {
    LegalValues.legal(
      NowPlayingState.value(of: property, in: interface.key, of: mirror, at: instant), of: property.name,
      in: interface.key, of: mirror)
  }

  /// `interface` as the relay exports it: methods sent to the source, properties read from it.
  private func exported(_ interface: InterfaceDescription) -> Interface {
    Interface(
      name: interface.name,
      methods: interface.methods.map { method in
        Interface.Method(
          method.name, in: method.inSignature, out: method.outSignature, inNames: method.inNames,
          outNames: method.outNames
        ) { [self] call in
          sent()
          source.call(call.member, of: interface.name, arguments: call.arguments) { [self] result in
            switch result {
            case .success(let values): call.reply(values)
            case .failure(let error): call.fail(error)
            }
            answered()
          }
        }
      },
      properties: interface.properties.map { property in
        let get: @Sendable () throws(BusError) -> Value = { [self] in
          value(of: property, in: interface, of: source.mirror, at: .now)
        }
        guard property.isWritable else {
          return Interface.Property(property.name, property.signature, change: property.change, get: get)
        }
        // Writes are taken before the setter (`take(_:)`); it is there so introspection says
        // readwrite.
        return Interface.Property(property.name, property.signature, change: property.change, get: get) {
          _, _ throws(BusError) in
          throw .failed("\(property.name) is written through the relay's write handler")
        }
      },
      signals: interface.signals.map {
        Interface.Signal($0.name, $0.signature, argumentNames: $0.argumentNames)
      })
  }

  /// Takes a write of a writable property of MPRIS's two interfaces and sends it to the source;
  /// every other write goes on to sd-bus, which refuses it.
  private func take(_ write: PropertyWrite) -> Bool {
    guard let interface = [InterfaceDescription.root, .player].first(where: { $0.name == write.interface }),
      let property = interface.properties.first(where: { $0.name == write.property }), property.isWritable
    else { return false }
    guard write.value.signature == property.signature else {
      write.fail(.invalidArgs("\(property.name) is \(property.signature), not \(write.value.signature)"))
      return true
    }
    sent()
    source.write(property.name, of: interface.name, write.value) { [self] result in
      switch result {
      case .success: write.accept()
      case .failure(let error): write.fail(error)
      }
      answered()
    }
    return true
  }

  // MARK: - Announcing

  /// Takes the source's values now as what the relay's controllers saw, without announcing
  /// them: before the relay owns its name, when a controller that finds it reads them whole. On
  /// the hub's bus thread.
  private func takeAsSeen() {
    let mirror = source.mirror
    let instant = ContinuousClock.now
    for interface in [InterfaceDescription.root, .player] {
      let values = NowPlayingChange.Values(
        interface: interface,
        properties: interface.properties.filter(\.isAnnounced).map {
          ($0.name, value(of: $0, in: interface, of: mirror, at: instant))
        })
      _ = state.withLock { $0.seen.take(values) }
    }
  }

  /// The source's properties `names` of `interface` (MPRIS's root or player interface, by name;
  /// all of them when `nil`) may have changed: announces those that differ from what was
  /// announced before, in one `PropertiesChanged`. Logs, once per property, a value of another
  /// type than MPRIS declares.
  package func changed(_ interface: String, names: [String]? = nil) {
    guard let interface = [InterfaceDescription.root, .player].first(where: { $0.name == interface }) else {
      return
    }
    let mirror = source.mirror
    let instant = ContinuousClock.now
    let announced = interface.properties.filter { $0.isAnnounced && names?.contains($0.name) != false }
    let values = NowPlayingChange.Values(
      interface: interface,
      properties: announced.map { ($0.name, value(of: $0, in: interface, of: mirror, at: instant)) })
    let illTyped = LegalValues.illTyped(announced.map(\.name), of: interface, in: mirror)
    let (changed, newlyIllTyped) = state.withLock { state in
      (
        state.seen.take(values),
        illTyped.filter { state.illTyped.insert(interface.key + "." + $0.name).inserted }
      )
    }
    for (property, signature) in newlyIllTyped {
      logger.warning(
        "a relayed player's property has another type than MPRIS declares; the relay serves the fallback",
        metadata: ["relay": "\(name)", "property": "\(property)", "type": "\(signature)"])
    }
    guard !changed.isEmpty else { return }
    do {
      try connection.emitPropertiesChanged(path: .mediaPlayer, interface: interface.name, properties: changed)
    } catch {
      logger.error(
        "could not announce a relayed player's properties",
        metadata: ["relay": "\(name)", "error": "\(error)"])
    }
  }

  /// The source's position jumped to `position` microseconds: MPRIS `Seeked`.
  package func seeked(to position: Int64) {
    do {
      try connection.emitSignal(
        path: .mediaPlayer, interface: InterfaceDescription.player.name, member: "Seeked",
        arguments: [.int64(position)])
    } catch {
      logger.error(
        "could not announce a relayed player's Seeked", metadata: ["relay": "\(name)", "error": "\(error)"])
    }
  }
}
