import DBus
import Logging
import NowPlayingArbiter
import Synchronization

/// The proxy player: `org.mpris.MediaPlayer2.remotectld`, an MPRIS player that is whichever
/// player is Now Playing.
///
/// It serves MPRIS's root and player interfaces at `/org/mpris/MediaPlayer2`, and every other
/// interface the active player introspects as there (TrackList, Playlists, extensions) or at its
/// child objects one level below (`/org/mpris/MediaPlayer2/RemoteControl`), at the same paths,
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
/// know, such as the hub's; so no vendor interface's changes are announced at the MPRIS path,
/// only at child objects (see ``ForwardedInterface/announcesChanges``).
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
    let signals = try await connection.addMatch(
      rule: "type='signal',path_namespace='\(HubNames.path)'"
    ) {
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
      var exported = ExportedExtras()
      for await _ in extrasRequests { await exportExtras(&exported) }
    }
    return stops + [extras.cancel, extrasChanged.finish]
  }

  /// The exported form of `forwarded` on `server`: methods forwarded, properties read from the
  /// mirror.
  private func interface(for forwarded: ForwardedInterface, on server: Connection) -> Interface {
    Interface(
      name: forwarded.name, methods: forwarded.methods.map { method(for: $0, on: server) },
      properties: forwarded.properties.map { property(for: $0, of: forwarded.key) },
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
      destination: owner, path: call.path, interface: call.interface, member: call.member,
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
      state.forwarded.contains { $0.name == write.interface && $0.path == write.path } ? state.active : nil
    }
    guard let owner else { return false }
    server.call(
      destination: owner, path: write.path, interface: HubNames.propertiesInterface, member: "Set",
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
      readProperty("Position", of: ProxyNames.playerInterface, at: HubNames.path, from: active)
    }
  }

  /// Announces what a switch changed: one PropertiesChanged per interface with every value that
  /// differs from what controllers saw, then Seeked with the new position.
  private func announceSwitch(_ state: inout ProxyState, at instant: ContinuousClock.Instant) {
    let extras = Dictionary(
      (state.activeMirror?.extras ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    for interface in state.forwarded
    where interface == .root || interface == .player || extras[interface.key] == interface {
      announce(state.changes(in: interface, at: instant), of: interface)
    }
    let position = state.activeMirror?.anchor.position(at: instant) ?? 0
    emit("Seeked", of: ProxyNames.playerInterface, at: HubNames.path, [.int64(position)])
    logger.debug(
      "proxy switched",
      metadata: ["active": "\(state.active?.rawValue ?? "none")", "position": "\(position)"])
  }

  /// Reads a new player: its introspection and its child objects', then every forwarded
  /// interface's properties.
  private func read(_ owner: BusName) {
    for interface in [ProxyNames.rootInterface, ProxyNames.playerInterface] {
      readProperties(of: interface, at: HubNames.path, from: owner)
    }
    introspect(owner, at: HubNames.path) { [self] xml in
      let children = ForwardedInterface.children(introspection: xml, of: HubNames.path)
      add(extras(in: xml, at: HubNames.path), of: owner)
      for child in children {
        introspect(owner, at: child) { [self] xml in add(extras(in: xml, at: child), of: owner) }
      }
    }
  }

  /// The interfaces `xml` describes at `path` that are forwarded.
  private func extras(in xml: String, at path: ObjectPath) -> [ForwardedInterface] {
    ForwardedInterface.parse(introspection: xml).filter { !ProxyNames.notForwarded.contains($0.name) }.map {
      var interface = $0
      interface.path = path
      return interface
    }
  }

  /// Calls `Introspect` at `path` of `owner`, and `then` with its XML.
  private func introspect(
    _ owner: BusName, at path: ObjectPath, then: @escaping @Sendable (String) -> Void
  ) {
    connection.call(
      destination: owner, path: path, interface: ProxyNames.introspectableInterface, member: "Introspect",
      timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let xml = values.first?.stringValue else {
        logger.info(
          "a player's interfaces cannot be read; only MPRIS's are forwarded",
          metadata: ["owner": "\(owner)", "path": "\(path)"])
        return
      }
      then(xml)
    }
  }

  /// Adds `extras` to what `owner` is known to serve, and reads their properties.
  private func add(_ extras: [ForwardedInterface], of owner: BusName) {
    guard !extras.isEmpty else { return }
    let isActive = state.withLock { state in
      state.mirrors[owner]?.extras.append(contentsOf: extras)
      return state.active == owner
    }
    for interface in extras { readProperties(of: interface.name, at: interface.path, from: owner) }
    if isActive { extrasChanged.yield() }
  }

  /// GetAll of `interface` at `path` from `owner`, recorded in its mirror (announced when it is
  /// active).
  private func readProperties(of interface: String, at path: ObjectPath, from owner: BusName) {
    connection.call(
      destination: owner, path: path, interface: HubNames.propertiesInterface, member: "GetAll",
      arguments: [.string(interface)], timeout: Self.readTimeout
    ) { [self] result in
      switch result {
      case .success(let values):
        record(
          values.first ?? .vardict([:]), of: interface, at: path, from: owner, replacing: true, at: .now)
      case .failure(let error):
        logger.warning(
          "a player's properties cannot be read; they read as empty through the proxy",
          metadata: [
            "owner": "\(owner)", "path": "\(path)", "interface": "\(interface)", "error": "\(error)",
          ])
      }
    }
  }

  /// Records properties read or announced, and announces those of the active player that
  /// changed; after a read of the active player's `Player` interface, a Seeked too.
  private func record(
    _ dictionary: Value, of interface: String, at path: ObjectPath, from owner: BusName, replacing: Bool,
    at instant: ContinuousClock.Instant
  ) {
    let key = ForwardedInterface.key(interface, at: path)
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
      state.mirrors[owner]?.record(values, of: key, at: instant, replacing: replacing)
      guard state.active == owner, let forwarded = state.forwarded.first(where: { $0.key == key }) else {
        return true
      }
      announce(
        state.changes(in: forwarded, among: replacing ? nil : Set(values.keys), at: instant), of: forwarded)
      if replacing, key == ProxyNames.playerInterface {
        emit(
          "Seeked", of: interface, at: path, [.int64(state.mirrors[owner]?.anchor.position(at: instant) ?? 0)]
        )
      }
      return true
    }
    // The anchor was moved on by extrapolation; the player's own Position, read once, corrects
    // the few milliseconds the announcement took, so they never add up over pauses and resumes.
    if known, !replacing, key == ProxyNames.playerInterface,
      values["PlaybackStatus"] != nil || values["Rate"] != nil
    {
      readProperty("Position", of: interface, at: path, from: owner)
    }
  }

  // MARK: - Signals

  /// A signal at the MPRIS path or below: recorded when a candidate sent it, re-emitted when the
  /// active player did.
  private func received(_ message: ReceivedMessage) {
    guard let sender = message.sender, let path = message.path, let interface = message.interface,
      let member = message.member
    else {
      return
    }
    let instant = ContinuousClock.now
    switch (interface, member) {
    case (HubNames.propertiesInterface, "PropertiesChanged"):
      guard message.arguments.count == 3, let changed = message.arguments.first?.stringValue else { return }
      record(message.arguments[1], of: changed, at: path, from: sender, replacing: false, at: instant)
      let invalidated = (message.arguments[2].arrayElements ?? []).compactMap(\.stringValue)
      for name in invalidated { readProperty(name, of: changed, at: path, from: sender) }
    case (ProxyNames.playerInterface, "Seeked") where path == HubNames.path:
      guard let position = message.arguments.first?.int64Value else { return }
      let isActive = state.withLock { state in
        guard let mirror = state.mirrors[sender] else { return false }
        state.mirrors[sender]?.anchor = PositionAnchor(
          position: position, rate: mirror.effectiveRate, time: instant)
        return state.active == sender
      }
      if isActive { emit("Seeked", of: interface, at: path, [.int64(position)]) }
    default:
      let key = ForwardedInterface.key(interface, at: path)
      let declared = state.withLock { state in
        state.active == sender ? state.exportedExtras[key]?.signals.first { $0.name == member } : nil
      }
      guard let declared else { return }
      guard Value.signature(of: message.arguments) == declared.signature else {
        logger.info(
          "the active player sent a signal that does not match its own introspection; not re-emitted",
          metadata: ["interface": "\(interface)", "member": "\(member)"])
        return
      }
      emit(member, of: interface, at: path, message.arguments)
    }
  }

  /// Reads one property a player invalidated.
  private func readProperty(_ name: String, of interface: String, at path: ObjectPath, from owner: BusName) {
    connection.call(
      destination: owner, path: path, interface: HubNames.propertiesInterface, member: "Get",
      arguments: [.string(interface), .string(name)], timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let value = values.first else { return }
      record(
        .dictionary(
          keySignature: "s", valueSignature: "v", [DictionaryEntry(key: .string(name), value: value)]),
        of: interface, at: path, from: owner, replacing: false, at: .now)
    }
  }

  // MARK: - Emitting

  /// Announces `names` of `interface`, unless it is one whose changes are never announced
  /// (``ForwardedInterface/announcesChanges``).
  private func announce(_ names: [String], of interface: ForwardedInterface) {
    guard !names.isEmpty, interface.announcesChanges else { return }
    for server in servers {
      do {
        try server.emitPropertiesChanged(path: interface.path, interface: interface.name, properties: names)
      } catch {
        logger.error("could not announce the proxy's properties", metadata: ["error": "\(error)"])
      }
    }
  }

  private func emit(_ member: String, of interface: String, at path: ObjectPath, _ arguments: [Value]) {
    for server in servers {
      do {
        try server.emitSignal(path: path, interface: interface, member: member, arguments: arguments)
      } catch {
        logger.error("could not re-emit \(interface).\(member)", metadata: ["error": "\(error)"])
      }
    }
  }

  // MARK: - Extra interfaces

  /// Exports the active player's extra interfaces, at the MPRIS path and at child objects, and
  /// removes the others (a child object whose last interface goes disappears); one task runs
  /// it, so exports never race.
  private func exportExtras(_ exported: inout ExportedExtras) async {
    let wanted = state.withLock { state in
      Dictionary(
        (state.activeMirror?.extras ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
    for (key, export) in exported.interfaces where wanted[key] != export.description {
      export.registrations.forEach { $0.cancel() }
      exported.interfaces[key] = nil
      state.withLock { state in
        state.exportedExtras[key] = nil
        state.published[key] = nil
      }
    }
    for (key, description) in wanted where exported.interfaces[key] == nil {
      do {
        if description.path != HubNames.path, exported.writeHandlers[description.path] == nil {
          var handlers: [PropertyWriteRegistration] = []
          for server in servers {
            handlers.append(
              try await server.handlePropertyWrites(at: description.path) { [self] write in
                take(write, via: server)
              })
          }
          exported.writeHandlers[description.path] = handlers
        }
        var registrations: [Registration] = []
        for server in servers {
          registrations.append(
            try await server.export(interface(for: description, on: server), at: description.path))
        }
        exported.interfaces[key] = ExportedExtras.Export(
          description: description, registrations: registrations)
        state.withLock { state in
          state.exportedExtras[key] = description
          // A new interface announces nothing: controllers read it whole.
          _ = state.changes(in: description, at: .now)
        }
        logger.debug("forwarding the active player's \(description.name) at \(description.path)")
      } catch {
        logger.warning(
          "the active player's interface cannot be forwarded",
          metadata: ["interface": "\(description.name)", "path": "\(description.path)", "error": "\(error)"])
      }
    }
    let served = Set(exported.interfaces.values.map(\.description.path))
    for (path, handlers) in exported.writeHandlers where !served.contains(path) {
      handlers.forEach { $0.cancel() }
      exported.writeHandlers[path] = nil
    }
  }
}
