import DBus
import Logging
import NowPlayingArbiter
import Synchronization

/// The proxy player: `org.mpris.MediaPlayer2.remotectld`, an MPRIS player that is whichever
/// player is Now Playing.
///
/// It serves MPRIS's root and player interfaces at `/org/mpris/MediaPlayer2`, and every other
/// interface the active player introspects as there (TrackList, Playlists, extensions),
/// forwarding each method call and property write to the active player and passing back its
/// reply or error. Property reads are answered at once from a mirror of every candidate player,
/// read when it appears and kept current by its PropertiesChanged (told apart by sender);
/// `Position` is computed from the last known position, rate and time. Only the active player's
/// signals are re-emitted; a switch is announced with one PropertiesChanged per interface
/// carrying every value that differs, and a Seeked with the new position.
///
/// It is served on several connections at once (``servers``): the hub's, so that the names the
/// hub holds (playerctld's) are MPRIS players too, and one that owns only
/// `org.mpris.MediaPlayer2.remotectld`. That one never sends anything but MPRIS: playerctld,
/// which watches every MPRIS name, aborts on a PropertiesChanged of an interface it does not
/// know, such as the hub's.
final class ProxyPlayer: Sendable {
  /// The hub's connection: it watches the players' signals and reads them.
  let connection: Connection
  /// The connections that serve the proxy player; each forwards what it receives itself.
  let servers: [Connection]
  let hub: Hub
  let logger: Logger
  private let state = Mutex(ProxyState())
  /// Wakes the task that exports and removes the active player's extra interfaces.
  private let extrasChanged: AsyncStream<Void>.Continuation
  private let extrasRequests: AsyncStream<Void>

  /// How long a player may take to answer the proxy's reads.
  static let readTimeout: Duration = .seconds(5)

  init(connection: Connection, servers: [Connection], hub: Hub, logger: Logger) {
    self.connection = connection
    self.servers = servers
    self.hub = hub
    self.logger = logger
    (extrasRequests, extrasChanged) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  // MARK: - Starting

  /// Exports MPRIS's interfaces, takes property writes at the path and watches the players'
  /// signals; returns what undoes it.
  func start() async throws(BusError) -> [@Sendable () -> Void] {
    let signals = try await connection.addMatch(rule: "type='signal',path='\(HubNames.path)'") {
      [self] message in received(message)
    }
    var stops: [@Sendable () -> Void] = [signals.cancel]
    for server in servers {
      let writes = try await server.handlePropertyWrites(at: HubNames.path) { [self] write in
        take(write, via: server)
      }
      let root = try await server.export(interface(for: .root, on: server), at: HubNames.path)
      let player = try await server.export(interface(for: .player, on: server), at: HubNames.path)
      stops += [writes.cancel, root.cancel, player.cancel]
    }
    let extras = Task { [self] in
      var exported: [String: (description: ForwardedInterface, registrations: [Registration])] = [:]
      for await _ in extrasRequests { await exportExtras(&exported) }
    }
    return stops + [extras.cancel, extrasChanged.finish]
  }

  /// The exported form of `forwarded` on `server`: methods forwarded, properties read from the
  /// mirror.
  private func interface(for forwarded: ForwardedInterface, on server: Connection) -> Interface {
    Interface(
      name: forwarded.name, methods: forwarded.methods.map { method(for: $0, on: server) },
      properties: forwarded.properties.map { property(for: $0, of: forwarded.name) },
      signals: forwarded.signals.map {
        Interface.Signal($0.name, $0.signature, argumentNames: $0.argumentNames)
      })
  }

  private func method(for method: ForwardedInterface.Method, on server: Connection) -> Interface.Method {
    Interface.Method(
      method.name, in: method.inSignature, out: method.outSignature, inNames: method.inNames,
      outNames: method.outNames
    ) { [self] call in forward(call, via: server) }
  }

  private func property(for property: ForwardedInterface.Property, of interface: String) -> Interface.Property
  {
    let getter: @Sendable () throws(BusError) -> Value = { [self] in
      state.withLock { $0.value(of: property, in: interface, at: .now) }
    }
    guard property.isWritable else {
      return Interface.Property(property.name, property.signature, change: property.change, get: getter)
    }
    // Reached only when no player takes the write (see `take`).
    let setter: @Sendable (Value, BusName?) throws(BusError) -> Void = { _, _ throws(BusError) in
      throw Self.noPlayer("set \(property.name)")
    }
    return Interface.Property(
      property.name, property.signature, change: property.change, get: getter, set: setter)
  }

  static func noPlayer(_ action: String) -> BusError {
    BusError(HubNames.noPlayerError, "no player to \(action): no MPRIS player is on the bus")
  }

  // MARK: - Forwarding

  /// Sends `call` on to the active player from the connection it came on, and answers with the
  /// player's reply or error.
  private func forward(_ call: MethodCall, via server: Connection) {
    guard let owner = state.withLock({ $0.active }) else {
      call.fail(Self.noPlayer("call \(call.member)"))
      return
    }
    server.call(
      destination: owner, path: HubNames.path, interface: call.interface, member: call.member,
      arguments: call.arguments
    ) { result in
      switch result {
      case .success(let values): call.reply(values)
      case .failure(let error): call.fail(error)
      }
    }
    if call.interface == ProxyNames.playerInterface { hub.apply(.commandSent(owner: owner.rawValue)) }
  }

  /// Takes a property write of a forwarded interface while a player is active, and answers it
  /// once that player has answered; other writes go on to the exported setters.
  private func take(_ write: PropertyWrite, via server: Connection) -> Bool {
    let owner = state.withLock { state in
      state.forwarded.contains { $0.name == write.interface } ? state.active : nil
    }
    guard let owner else { return false }
    server.call(
      destination: owner, path: HubNames.path, interface: HubNames.propertiesInterface, member: "Set",
      arguments: [.string(write.interface), .string(write.property), .variant(write.value)]
    ) { result in
      switch result {
      case .success: write.accept()
      case .failure(let error): write.fail(error)
      }
    }
    return true
  }

  // MARK: - The players

  /// Follows the hub's answer: mirrors new candidates, forgets gone ones, and announces a
  /// switch. Called under the hub's lock, in the order of its changes; it acts once the message
  /// that made the change has been seen by every handler, so that the mirror of a player that
  /// just started playing already says so.
  func nowPlayingChanged(_ now: NowPlaying) {
    connection.perform { [self] in follow(now) }
  }

  private func follow(_ now: NowPlaying) {
    let instant = ContinuousClock.now
    let owners = Set(now.players.compactMap { BusName(rawValue: $0.owner) })
    let (added, switched) = state.withLock { state in
      for gone in state.mirrors.keys where !owners.contains(gone) { state.mirrors[gone] = nil }
      let added = owners.filter { state.mirrors[$0] == nil }
      for owner in added { state.mirrors[owner] = PlayerMirror() }
      let active = now.active.flatMap { BusName(rawValue: $0.owner) }
      guard active != state.active else { return (added, false) }
      state.active = active
      announceSwitch(&state, at: instant)
      return (added, true)
    }
    for owner in added { read(owner) }
    guard switched else { return }
    extrasChanged.yield()
    if let active = now.active.flatMap({ BusName(rawValue: $0.owner) }), !added.contains(active) {
      readProperty("Position", of: ProxyNames.playerInterface, from: active)
    }
  }

  /// Announces what a switch changed: one PropertiesChanged per interface with every value that
  /// differs from what controllers saw, then Seeked with the new position.
  private func announceSwitch(_ state: inout ProxyState, at instant: ContinuousClock.Instant) {
    let extras = Dictionary(
      (state.activeMirror?.extras ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for interface in state.forwarded
    where interface == .root || interface == .player || extras[interface.name] == interface {
      announce(state.changes(in: interface, at: instant), of: interface.name)
    }
    let position = state.activeMirror?.anchor.position(at: instant) ?? 0
    emit("Seeked", of: ProxyNames.playerInterface, [.int64(position)])
    logger.debug(
      "proxy switched",
      metadata: ["active": "\(state.active?.rawValue ?? "none")", "position": "\(position)"])
  }

  /// Reads a new player: its introspection, then every forwarded interface's properties.
  private func read(_ owner: BusName) {
    for interface in [ProxyNames.rootInterface, ProxyNames.playerInterface] {
      readProperties(of: interface, from: owner)
    }
    connection.call(
      destination: owner, path: HubNames.path, interface: ProxyNames.introspectableInterface,
      member: "Introspect",
      timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let xml = values.first?.stringValue else {
        logger.info(
          "a player's interfaces cannot be read; only MPRIS's are forwarded", metadata: ["owner": "\(owner)"])
        return
      }
      let extras = ForwardedInterface.parse(introspection: xml).filter {
        !ProxyNames.notForwarded.contains($0.name)
      }
      let isActive = state.withLock { state in
        state.mirrors[owner]?.extras = extras
        return state.active == owner
      }
      for interface in extras { readProperties(of: interface.name, from: owner) }
      if isActive { extrasChanged.yield() }
    }
  }

  /// GetAll of `interface` from `owner`, recorded in its mirror (announced when it is active).
  private func readProperties(of interface: String, from owner: BusName) {
    connection.call(
      destination: owner, path: HubNames.path, interface: HubNames.propertiesInterface, member: "GetAll",
      arguments: [.string(interface)], timeout: Self.readTimeout
    ) { [self] result in
      switch result {
      case .success(let values):
        record(values.first ?? .vardict([:]), of: interface, from: owner, replacing: true, at: .now)
      case .failure(let error):
        logger.warning(
          "a player's properties cannot be read; they read as empty through the proxy",
          metadata: ["owner": "\(owner)", "interface": "\(interface)", "error": "\(error)"])
      }
    }
  }

  /// Records properties read or announced, and announces those of the active player that
  /// changed; after a read of the active player's `Player` interface, a Seeked too.
  private func record(
    _ dictionary: Value, of interface: String, from owner: BusName, replacing: Bool,
    at instant: ContinuousClock.Instant
  ) {
    guard case .dictionary(_, _, let entries) = dictionary else {
      logger.warning("a player sent properties that are not a dictionary", metadata: ["owner": "\(owner)"])
      return
    }
    var values: [String: Value] = [:]
    for entry in entries {
      if let name = entry.key.stringValue { values[name] = entry.value.unwrappingVariants }
    }
    let known = state.withLock { state in
      guard state.mirrors[owner] != nil else { return false }
      state.mirrors[owner]?.record(values, of: interface, at: instant, replacing: replacing)
      guard state.active == owner, let forwarded = state.forwarded.first(where: { $0.name == interface })
      else {
        return true
      }
      announce(
        state.changes(in: forwarded, among: replacing ? nil : Set(values.keys), at: instant), of: interface)
      if replacing, interface == ProxyNames.playerInterface {
        emit("Seeked", of: interface, [.int64(state.mirrors[owner]?.anchor.position(at: instant) ?? 0)])
      }
      return true
    }
    // The anchor was moved on by extrapolation; the player's own Position, read once, corrects
    // the few milliseconds the announcement took, so they never add up over pauses and resumes.
    if known, !replacing, interface == ProxyNames.playerInterface,
      values["PlaybackStatus"] != nil || values["Rate"] != nil
    {
      readProperty("Position", of: interface, from: owner)
    }
  }

  // MARK: - Signals

  /// A signal at the MPRIS path: recorded when a candidate sent it, re-emitted when the active
  /// player did.
  private func received(_ message: ReceivedMessage) {
    guard let sender = message.sender, let interface = message.interface, let member = message.member else {
      return
    }
    let instant = ContinuousClock.now
    switch (interface, member) {
    case (HubNames.propertiesInterface, "PropertiesChanged"):
      guard message.arguments.count == 3, let changed = message.arguments.first?.stringValue else { return }
      record(message.arguments[1], of: changed, from: sender, replacing: false, at: instant)
      let invalidated = (message.arguments[2].arrayElements ?? []).compactMap(\.stringValue)
      for name in invalidated { readProperty(name, of: changed, from: sender) }
    case (ProxyNames.playerInterface, "Seeked"):
      guard let position = message.arguments.first?.int64Value else { return }
      let isActive = state.withLock { state in
        guard let mirror = state.mirrors[sender] else { return false }
        state.mirrors[sender]?.anchor = PositionAnchor(
          position: position, rate: mirror.effectiveRate, time: instant)
        return state.active == sender
      }
      if isActive { emit("Seeked", of: interface, [.int64(position)]) }
    default:
      let declared = state.withLock { state in
        state.active == sender ? state.exportedExtras[interface]?.signals.first { $0.name == member } : nil
      }
      guard let declared else { return }
      guard Value.signature(of: message.arguments) == declared.signature else {
        logger.info(
          "the active player sent a signal that does not match its own introspection; not re-emitted",
          metadata: ["interface": "\(interface)", "member": "\(member)"])
        return
      }
      emit(member, of: interface, message.arguments)
    }
  }

  /// Reads one property a player invalidated.
  private func readProperty(_ name: String, of interface: String, from owner: BusName) {
    connection.call(
      destination: owner, path: HubNames.path, interface: HubNames.propertiesInterface, member: "Get",
      arguments: [.string(interface), .string(name)], timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let value = values.first else { return }
      record(
        .dictionary(
          keySignature: "s", valueSignature: "v", [DictionaryEntry(key: .string(name), value: value)]),
        of: interface, from: owner, replacing: false, at: .now)
    }
  }

  // MARK: - Emitting

  private func announce(_ names: [String], of interface: String) {
    guard !names.isEmpty else { return }
    for server in servers {
      do {
        try server.emitPropertiesChanged(path: HubNames.path, interface: interface, properties: names)
      } catch {
        logger.error("could not announce the proxy's properties", metadata: ["error": "\(error)"])
      }
    }
  }

  private func emit(_ member: String, of interface: String, _ arguments: [Value]) {
    for server in servers {
      do {
        try server.emitSignal(path: HubNames.path, interface: interface, member: member, arguments: arguments)
      } catch {
        logger.error("could not re-emit \(interface).\(member)", metadata: ["error": "\(error)"])
      }
    }
  }

  // MARK: - Extra interfaces

  /// Exports the active player's extra interfaces and removes the others; one task runs it, so
  /// exports never race.
  private func exportExtras(
    _ exported: inout [String: (description: ForwardedInterface, registrations: [Registration])]
  ) async {
    let wanted = state.withLock { state in
      Dictionary(
        (state.activeMirror?.extras ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    for (name, export) in exported where wanted[name] != export.description {
      export.registrations.forEach { $0.cancel() }
      exported[name] = nil
      state.withLock { state in
        state.exportedExtras[name] = nil
        state.published[name] = nil
      }
    }
    for (name, description) in wanted where exported[name] == nil {
      do {
        var registrations: [Registration] = []
        for server in servers {
          registrations.append(
            try await server.export(interface(for: description, on: server), at: HubNames.path))
        }
        exported[name] = (description, registrations)
        state.withLock { state in
          state.exportedExtras[name] = description
          // A new interface announces nothing: controllers read it whole.
          _ = state.changes(in: description, at: .now)
        }
        logger.debug("forwarding the active player's \(name)")
      } catch {
        logger.warning(
          "the active player's interface cannot be forwarded",
          metadata: ["interface": "\(name)", "error": "\(error)"])
      }
    }
  }
}
