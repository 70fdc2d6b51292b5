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
/// (`org.mpris.MediaPlayer2`, `org.mpris.MediaPlayer2.Player`) at `/org/mpris/MediaPlayer2`
/// through an ``Outlet``, the hub's one forwarding player, of which the relay is the
/// ``ForwardedPlayer``:
///
/// - reads are answered from the source's ``RelaySource/mirror`` (`Position` extrapolated), as
///   legal MPRIS values (``LegalValues``), an ill-typed value read as the declared fallback and
///   said once in the log;
/// - a controller's method call or property write to the relay's own name is the user's command,
///   sent through the hub's ``CommandPath`` to the relay (with every side effect of a press on the
///   proxy), which sends it to the source when it arrives from the hub's own connection, as do
///   the hub's own calls (the audio session's); each is answered when the source answered (a call
///   sent with no reply expected is sent all the same, and nothing is answered);
/// - what the source says changed is announced as `PropertiesChanged` (only what differs from
///   what was announced before) and `Seeked`.
///
/// Since it is a real session player, everything that works for session players works for it:
/// the hub's view and rule, `Hub1.Players`, the proxy, the web remote, remotectl, playerctl.
package final class RelayedPlayer: ForwardedPlayer {
  private struct State: Sendable {
    /// The ill-typed properties already said in the log, by interface key then name.
    var illTyped: Set<String> = []
    /// What the relay relays, and the owner it is entered under in the registry.
    var relayed: Relayed
    var entered: BusName?
    /// The calls and writes taken and not answered yet.
    var unanswered = 0
    /// Whether ``close()`` was called: the connection closes once nothing is unanswered.
    var isClosing = false
    /// What serves the relay, once ``start(named:relaying:from:address:on:commands:logger:)``
    /// has made it.
    var outlet: Outlet?
  }

  /// The name the relay owns on the session bus.
  package let name: BusName
  /// The relay's own session-bus connection.
  package let connection: Connection
  package let source: any RelaySource
  package let logger: Logger
  /// The hub's one path for a user's command, which a controller's call to the relay takes.
  private let commands: CommandPath
  private let state: Mutex<State>

  private init(
    name: BusName, relayed: Relayed, connection: Connection, source: any RelaySource, commands: CommandPath,
    logger: Logger
  ) {
    self.state = Mutex(State(relayed: relayed))
    self.name = name
    self.connection = connection
    self.source = source
    self.commands = commands
    self.logger = logger
  }

  /// The unique name of the relay's connection: its owner in the hub's view and the registry.
  package var owner: BusName { connection.uniqueName }

  private var registry: RelayRegistry { commands.hub.relays }

  /// Connects to the session bus at `address` on `thread` (the hub's), serves `source` there,
  /// enters `relayed` in the hub's registry and then owns `name`; controllers' calls go through
  /// `commands`.
  ///
  /// - Throws: The bus's error when it cannot connect, export or own `name` (another connection
  ///   owns it already); the relay is then closed.
  package static func start(
    named name: BusName, relaying relayed: Relayed, from source: any RelaySource, address: BusAddress,
    on thread: ConnectionThread, commands: CommandPath, logger: Logger
  ) async throws(BusError) -> RelayedPlayer {
    let connection = try await Connection.connect(address, on: thread)
    connection.logsFailures(to: logger)
    let relay = RelayedPlayer(
      name: name, relayed: relayed, connection: connection, source: source, commands: commands, logger: logger
    )
    let outlet = Outlet(
      player: relay, connection: connection, path: .mediaPlayer, interfaces: [.root, .player],
      servesExtras: false)
    relay.state.withLock { $0.outlet = outlet }
    do throws(BusError) {
      try await outlet.start()
      _ = connection.perform {
        // What a controller that finds the relay reads whole is taken as seen: announced from
        // now on is only what differs from it.
        outlet.setPublished(true)
        _ = outlet.currentProperties(of: .root)
        _ = outlet.currentProperties(of: .player)
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
    let outlet = state.withLock { state in
      defer { state.outlet = nil }
      return state.outlet
    }
    outlet?.close()
    // On the bus thread (a player that left) at once: the connection may close right after.
    if connection.isOnConnectionThread || !connection.perform({ [self] in leave() }) { leave() }
    let closes = state.withLock { state in
      state.isClosing = true
      return state.unanswered == 0
    }
    if closes { connection.close() }
  }

  /// Counts a call or write taken.
  private func sent() {
    state.withLock { $0.unanswered += 1 }
  }

  /// Counts an answer: the last one closes a closing relay's connection, after the answer went
  /// out.
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
    connection.assertOnConnectionThread()
    let owner = state.withLock { state in
      state.relayed = relayed
      return state.entered
    }
    if let owner { registry.set(relayed, for: owner) }
  }

  /// Enters the relay in the registry under its connection's unique name (again after a
  /// reconnect, under the new one). On the hub's bus thread.
  private func enter() {
    connection.assertOnConnectionThread()
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

  // MARK: - Forwarding

  package var forwardedMirror: PlayerMirror? { source.mirror }

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

  /// Whether `sender` is the hub's own connection: what the command path sends the relay (already
  /// recorded as the user's), and the hub's own calls (the audio session's), which are not.
  private func isFromTheHub(_ sender: BusName?) -> Bool {
    sender == commands.hub.connection.uniqueName
  }

  /// Sends `call` to the source when the hub's connection made it; otherwise it is a controller's
  /// press on the relay's own name, sent through the command path to the relay, which then sends
  /// it to the source.
  package func forward(_ call: MethodCall, of interface: InterfaceDescription) {
    sent()
    let answer: @Sendable (Result<[Value], BusError>) -> Void = { [self] result in
      switch result {
      case .success(let values): call.reply(values)
      case .failure(let error): call.fail(error)
      }
      answered()
    }
    guard isFromTheHub(call.sender) else {
      let command = UserCommand(
        path: interface.path, interface: call.interface, member: call.member, arguments: call.arguments)
      return commands.send(command, to: .player(owner), answered: answer)
    }
    source.call(call.member, of: interface.name, arguments: call.arguments, answered: answer)
  }

  /// Sends `write` to the source when the hub's connection made it, through the command path
  /// otherwise; a value of another type than MPRIS declares is refused.
  package func forward(_ write: PropertyWrite, of interface: InterfaceDescription) {
    guard let property = interface.properties.first(where: { $0.name == write.property }), property.isWritable
    else {
      write.fail(BusError(.propertyReadOnly, "\(write.property) of \(interface.name) is read-only"))
      return
    }
    guard write.value.signature == property.signature else {
      write.fail(.invalidArgs("\(property.name) is \(property.signature), not \(write.value.signature)"))
      return
    }
    sent()
    let answer: @Sendable (Result<Void, BusError>) -> Void = { [self] result in
      switch result {
      case .success: write.accept()
      case .failure(let error): write.fail(error)
      }
      answered()
    }
    guard isFromTheHub(write.sender) else {
      let command = UserCommand.write(property.name, of: interface.name, at: interface.path, write.value)
      return commands.send(command, to: .player(owner)) { answer($0.map { _ in () }) }
    }
    source.write(property.name, of: interface.name, write.value, answered: answer)
  }

  package func assertOnChangeThread() {
    connection.assertOnConnectionThread()
  }

  // MARK: - Announcing

  /// The source's properties `names` of `interface` (MPRIS's root or player interface, by name;
  /// all of them when `nil`) may have changed: announces those that differ from what was
  /// announced before, in one `PropertiesChanged`. Logs, once per property, a value of another
  /// type than MPRIS declares. On the hub's bus thread.
  package func changed(_ interface: String, names: [String]? = nil) {
    connection.assertOnConnectionThread()
    guard let interface = [InterfaceDescription.root, .player].first(where: { $0.name == interface }),
      let outlet = state.withLock({ $0.outlet })
    else { return }
    let mirror = source.mirror
    let values = outlet.announcedValues(of: interface, in: mirror, among: names.map(Set.init), at: .now)
    let illTyped = LegalValues.illTyped(values.properties.map(\.name), of: interface, in: mirror)
    let newlyIllTyped = state.withLock { state in
      illTyped.filter { state.illTyped.insert(interface.key + "." + $0.name).inserted }
    }
    for (property, signature) in newlyIllTyped {
      logger.warning(
        "a relayed player's property has another type than MPRIS declares; the relay serves the fallback",
        metadata: ["relay": "\(name)", "property": "\(property)", "type": "\(signature)"])
    }
    outlet.take(.changed(values, position: nil))
  }

  /// The source's position jumped to `position` microseconds: MPRIS `Seeked`. On the hub's bus
  /// thread.
  package func seeked(to position: Int64) {
    connection.assertOnConnectionThread()
    state.withLock { $0.outlet }?.take(.seeked(position))
  }
}
