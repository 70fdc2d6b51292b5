import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

/// The proxy player: `org.mpris.MediaPlayer2.remotectld`, an MPRIS player that is whichever
/// player is Now Playing.
///
/// It serves MPRIS's root and player interfaces at `/org/mpris/MediaPlayer2`, and every other
/// interface the active player introspects as there (TrackList, Playlists, extensions) or at its
/// child objects one level below (`/org/mpris/MediaPlayer2/RemoteControl`), at the same paths.
/// Property reads are answered at once from the hub's view of the players (`Position`
/// extrapolated). Method calls and property writes are forwarded to the active player on the
/// view's connection and answered once the player answered: since D-Bus keeps one sender's
/// messages in order on one connection, every change the player announced before its reply is
/// in the view by then, so a read after the reply reads it (read-your-writes). Only the active
/// player's signals are re-emitted; a switch is announced with one PropertiesChanged per
/// interface carrying every value that differs, and a Seeked with the new position.
///
/// It is served on a connection of its own (``server``) that owns its bus names (and, while the
/// hub answers for playerctld, playerctld's) and sends nothing but MPRIS and playerctld's
/// interface: playerctld, which watches every MPRIS name, aborts on a PropertiesChanged of an
/// interface it does not know, such as the hub's; so no vendor interface's changes are
/// announced at the MPRIS path, only at child objects (see
/// ``InterfaceDescription/announcesChanges``). While it holds no name (a desktop shell shows every
/// player itself) it announces nothing.
final class ProxyPlayer: Sendable {
  /// The connection that serves the proxy player.
  let server: Connection
  let hub: Hub
  let logger: Logger
  private let state = Mutex(ProxyState())
  /// Wakes the task that exports and removes the active player's extra interfaces.
  private let extrasChanged: AsyncStream<Void>.Continuation
  private let extrasRequests: AsyncStream<Void>

  /// Told of every play, pause, play-pause and stop a controller sends through the proxy: the
  /// user's press, which the end of a call does not undo.
  private let pressed: @Sendable (BusName) -> Void

  init(
    server: Connection, hub: Hub, logger: Logger, pressed: @escaping @Sendable (BusName) -> Void = { _ in }
  ) {
    self.server = server
    self.hub = hub
    self.logger = logger
    self.pressed = pressed
    (extrasRequests, extrasChanged) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// The view of the players.
  private var view: PlayerView { hub.view }

  // MARK: - Starting

  /// Exports MPRIS's interfaces, takes property writes at the path and follows the hub and the
  /// view; returns what undoes it.
  func start() async throws(BusError) -> [@Sendable () -> Void] {
    let writes = try await server.handlePropertyWrites(at: HubNames.path) { [self] write in take(write) }
    let root = try await server.export(interface(for: .root), at: HubNames.path)
    let player = try await server.export(interface(for: .player), at: HubNames.path)
    hub.observe { [self] change in follow(change.now) }
    let observer = view.observe { [self] change in viewChanged(change) }
    let extras = Task { [self] in
      var exported = ExportedExtras()
      for await _ in extrasRequests { await exportExtras(&exported) }
    }
    follow(hub.nowPlaying)
    return [
      writes.cancel, root.cancel, player.cancel, extras.cancel, extrasChanged.finish,
      { [view] in view.removeObserver(observer) },
    ]
  }

  /// Whether the proxy holds its names: it announces only then. When it starts holding them,
  /// controllers are taken to have seen nothing yet.
  var isPublished: Bool {
    get { state.withLock { $0.isPublished } }
    set {
      state.withLock { state in
        state.isPublished = newValue
        if newValue { state.published = [:] }
      }
    }
  }

  /// The exported form of `forwarded`: methods forwarded, properties read from the view.
  private func interface(for forwarded: InterfaceDescription) -> Interface {
    Interface(
      name: forwarded.name, methods: forwarded.methods.map { method(for: $0) },
      properties: forwarded.properties.map { property(for: $0, of: forwarded.key) },
      signals: forwarded.signals.map {
        Interface.Signal($0.name, $0.signature, argumentNames: $0.argumentNames)
      })
  }

  private func method(for method: InterfaceDescription.Method) -> Interface.Method {
    Interface.Method(
      method.name, in: method.inSignature, out: method.outSignature, inNames: method.inNames,
      outNames: method.outNames
    ) { [self] call in forward(call) }
  }

  private func property(for property: InterfaceDescription.Property, of interface: String)
    -> Interface.Property
  {
    let getter: @Sendable () throws(BusError) -> Value = { [self] in
      let active = state.withLock { $0.active }
      return ProxyState.value(of: property, in: interface, of: active.flatMap(view.mirror(of:)), at: .now)
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

  /// Sends `call` on to the active player on the view's connection, and answers with the
  /// player's reply or error once the view has taken in what the player announced before it.
  private func forward(_ call: MethodCall) {
    guard let owner = state.withLock({ $0.active }) else {
      call.fail(Self.noPlayer("call \(call.member)"))
      return
    }
    view.connection.call(
      destination: owner, path: call.path, interface: call.interface, member: call.member,
      arguments: call.arguments
    ) { result in
      switch result {
      case .success(let values): call.reply(values)
      case .failure(let error): call.fail(error)
      }
    }
    if call.interface == MediaPlayerInterface.player.rawValue {
      hub.apply([.commandSent(owner: owner.rawValue)])
      if ["Play", "Pause", "PlayPause", "Stop"].contains(call.member) { pressed(owner) }
    }
  }

  /// Takes a property write of a forwarded interface while a player is active, and answers it
  /// once that player has answered; other writes go on to the exported setters.
  private func take(_ write: PropertyWrite) -> Bool {
    let owner = state.withLock { state in
      state.forwarded.contains { $0.name == write.interface && $0.path == write.path } ? state.active : nil
    }
    guard let owner else { return false }
    view.connection.call(
      destination: owner, path: write.path, interface: "org.freedesktop.DBus.Properties", member: "Set",
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

  /// Follows the hub's answer: announces a switch. Called on the view's connection thread, in
  /// the order of the hub's changes, after the view took in the message that made the change.
  private func follow(_ now: NowPlaying) {
    let instant = ContinuousClock.now
    let active = now.active.flatMap { BusName(rawValue: $0.owner) }
    let switched = state.withLock { state in
      guard active != state.active else { return false }
      state.active = active
      announceSwitch(&state, at: instant)
      return true
    }
    if switched { extrasChanged.yield() }
  }

  /// Announces what a switch changed: one PropertiesChanged per interface with every value that
  /// differs from what controllers saw, then Seeked with the new position.
  private func announceSwitch(_ state: inout ProxyState, at instant: ContinuousClock.Instant) {
    let mirror = state.active.flatMap(view.mirror(of:))
    let extras = Dictionary(
      (mirror?.interfaces ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    for interface in state.forwarded
    where interface == .root || interface == .player || extras[interface.key] == interface {
      announce(state.changes(in: interface, of: mirror, at: instant), of: interface, if: state.isPublished)
    }
    let position = mirror?.positionMicroseconds(at: instant) ?? 0
    if state.isPublished {
      emit("Seeked", of: MediaPlayerInterface.player.rawValue, at: HubNames.path, [.int64(position)])
    }
    logger.debug(
      "proxy switched",
      metadata: ["active": "\(state.active?.rawValue ?? "none")", "position": "\(position)"])
  }

  /// What the view saw of the active player: its property changes announced, its jumps and its
  /// other signals re-emitted, its extra interfaces exported.
  private func viewChanged(_ change: PlayerView.Change) {
    let instant = ContinuousClock.now
    switch change {
    case .propertiesChanged(let owner, let key, let names, let source):
      state.withLock { state in
        guard state.active == owner, let forwarded = state.forwarded.first(where: { $0.key == key }) else {
          return
        }
        let mirror = view.mirror(of: owner)
        let among = source == .read ? nil : Set(names)
        announce(
          state.changes(in: forwarded, of: mirror, among: among, at: instant), of: forwarded,
          if: state.isPublished)
        if source == .read, key == MediaPlayerInterface.player.rawValue, state.isPublished {
          emit(
            "Seeked", of: MediaPlayerInterface.player.rawValue, at: HubNames.path,
            [.int64(mirror?.positionMicroseconds(at: instant) ?? 0)])
        }
      }
    case .seeked(let owner, let position):
      guard state.withLock({ $0.active == owner && $0.isPublished }) else { return }
      emit("Seeked", of: MediaPlayerInterface.player.rawValue, at: HubNames.path, [.int64(position)])
    case .interfacesChanged(let owner):
      if state.withLock({ $0.active == owner }) { extrasChanged.yield() }
    case .signal(let owner, let message):
      guard let path = message.path, let interface = message.interface, let member = message.member else {
        return
      }
      let key = InterfaceDescription.key(interface, at: path)
      let declared = state.withLock { state in
        state.active == owner && state.isPublished
          ? state.exportedExtras[key]?.signals.first { $0.name == member } : nil
      }
      guard let declared else { return }
      guard Value.signature(of: message.arguments) == declared.signature else {
        logger.info(
          "the active player sent a signal that does not match its own introspection; not re-emitted",
          metadata: ["interface": "\(interface)", "member": "\(member)"])
        return
      }
      emit(member, of: interface, at: path, message.arguments)
    case .nameAppeared, .nameVanished:
      break
    }
  }

  // MARK: - Emitting

  /// Announces `names` of `interface`, unless it is one whose changes are never announced
  /// (``InterfaceDescription/announcesChanges``).
  private func announce(_ names: [String], of interface: InterfaceDescription, if isPublished: Bool) {
    guard isPublished, !names.isEmpty, interface.announcesChanges else { return }
    do {
      try server.emitPropertiesChanged(path: interface.path, interface: interface.name, properties: names)
    } catch {
      logger.error("could not announce the proxy's properties", metadata: ["error": "\(error)"])
    }
  }

  private func emit(_ member: String, of interface: String, at path: ObjectPath, _ arguments: [Value]) {
    do {
      try server.emitSignal(path: path, interface: interface, member: member, arguments: arguments)
    } catch {
      logger.error("could not re-emit \(interface).\(member)", metadata: ["error": "\(error)"])
    }
  }

  // MARK: - Extra interfaces

  /// Exports the active player's extra interfaces, at the MPRIS path and at child objects, and
  /// removes the others (a child object whose last interface goes disappears); one task runs
  /// it, so exports never race.
  private func exportExtras(_ exported: inout ExportedExtras) async {
    let wanted = state.withLock { state in
      Dictionary(
        (state.active.flatMap(view.mirror(of:))?.interfaces ?? []).map { ($0.key, $0) },
        uniquingKeysWith: { first, _ in first })
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
          exported.writeHandlers[description.path] = [
            try await server.handlePropertyWrites(at: description.path) { [self] write in take(write) }
          ]
        }
        let registrations = [try await server.export(interface(for: description), at: description.path)]
        exported.interfaces[key] = ExportedExtras.Export(
          description: description, registrations: registrations)
        state.withLock { state in
          state.exportedExtras[key] = description
          // A new interface announces nothing: controllers read it whole.
          _ = state.changes(in: description, of: state.active.flatMap(view.mirror(of:)), at: .now)
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
