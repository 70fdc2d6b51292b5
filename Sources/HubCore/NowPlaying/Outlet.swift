package import DBus
package import Logging
package import PlayerView
package import RemoteControlMPRIS
package import Synchronization

/// The hub's one forwarding player: one place where a player is published and forwarded to — a
/// connection, the object path it is served at there, the interfaces it serves, what its
/// controllers last saw, and whether it announces now.
///
/// What it serves is a ``ForwardedPlayer``. For the Now Playing player, made by
/// ``NowPlayingPlayer/publish(on:at:interfaces:extras:overrides:)``: the session proxy
/// (`org.mpris.MediaPlayer2.remotectld`) is one; a registration with BlueZ
/// (`org.bluez.Media1.RegisterPlayer`) is another; method calls and property writes go through
/// the hub's ``CommandPath`` to the Now Playing player. For one of the hub's relays
/// (``RelayedPlayer``): `org.mpris.MediaPlayer2.NAME.system`, a Bluetooth device's player; calls
/// go through the ``CommandPath`` to the relay's source. Either way a call is answered once the
/// player answered (a call sent with no reply expected is forwarded all the same, and nothing is
/// answered), and reads are answered from the hub's view (``ForwardedPlayer/forwardedMirror``).
/// Each change is computed once (``NowPlayingChange``); each outlet announces, as
/// `PropertiesChanged` and MPRIS `Seeked` at its path, what its own controllers have not seen of
/// it, and only while it is published.
///
/// For a registration that hands the properties over whole (BlueZ's): ``setPublished(_:)`` with
/// `true`, then ``currentProperties(of:)`` for the registration's dictionary, then register; a
/// change in between is announced, never lost. ``setPublished(_:)`` with `false` while no one
/// is registered (bluetoothd gone), ``close()`` when done.
///
/// Its handlers run on its connection's thread; the changes it announces are taken on the
/// forwarded player's thread (``ForwardedPlayer/assertOnChangeThread()``: the view's connection
/// thread), and sent on its connection in the order they were taken.
package final class Outlet: Sendable {
  /// What an outlet's controllers read of some properties of MPRIS's player and root interfaces
  /// (`org.mpris.MediaPlayer2.Player`, `org.mpris.MediaPlayer2`), by name, computed from the Now
  /// Playing player's value: the capabilities that one kind of controller is told, such as
  /// bluetoothd's (`CanPlay`, `CanControl`, which gate the presses it sends). Applied in reads,
  /// ``currentProperties(of:)`` and every announcement, so they never disagree.
  package typealias Overrides = [String: @Sendable (Value) -> Value]

  /// What each reader of the outlet reads of some properties of MPRIS's player interface, by
  /// name, computed from the Now Playing player's value and the caller of `Properties.Get` or
  /// `GetAll` (`nil`: in `PropertiesChanged`), instead of what ``Overrides`` computes: one client
  /// told what the others are not. Announcements are made from what ``Overrides`` computes.
  package typealias ReaderOverrides = [String: @Sendable (Value, _ reader: PropertyReader?) -> Value]

  /// The member a call of MPRIS's player interface is sent on as, from the member called, its
  /// caller, and the Now Playing player's own `PlaybackStatus` (`nil`: none): one client's call
  /// taken for what that client meant, such as Plasma's Play/Pause key, which calls `Pause` on a
  /// player that says "Playing".
  package typealias CallRewrite =
    @Sendable (_ member: String, _ caller: BusName?, _ status: PlaybackStatus?) -> String

  /// The connection the player is served on.
  package let connection: Connection
  /// Where the player's MPRIS interfaces are served on ``connection``.
  package let path: ObjectPath
  /// The MPRIS interfaces served (``InterfaceDescription/root``, ``InterfaceDescription/player``).
  package let interfaces: [InterfaceDescription]
  /// Whether the active player's other interfaces are served too, at their own paths (only at
  /// the MPRIS path, where their child objects belong).
  let servesExtras: Bool
  /// What it serves and forwards to.
  package let player: any ForwardedPlayer
  /// What the outlet's controllers read instead of some player properties.
  package let overrides: Overrides
  /// What some readers read instead of ``overrides``' values.
  package let readerOverrides: ReaderOverrides
  /// Hears the Now Playing player's new values of the properties ``readerOverrides`` computes,
  /// which announcements never carry as each reader reads them: to tell each reader itself.
  let readerValuesChanged: (@Sendable ([String: Value]) -> Void)?
  /// What some callers' calls of the player interface are sent on as.
  let callRewrite: CallRewrite?
  /// What the outlet's controllers saw, and whether it announces.
  package let state = Mutex(OutletState())
  /// What undoes the exports, once ``start()`` has made them.
  private let stops = Mutex<[@Sendable () -> Void]>([])
  /// Wakes the task that exports and removes the active player's extra interfaces.
  private let extrasChanged: AsyncStream<Void>.Continuation
  private let extrasRequests: AsyncStream<Void>

  package init(
    player: any ForwardedPlayer, connection: Connection, path: ObjectPath,
    interfaces: [InterfaceDescription],
    servesExtras: Bool, overrides: Overrides = [:], readerOverrides: ReaderOverrides = [:],
    readerValuesChanged: (@Sendable ([String: Value]) -> Void)? = nil, callRewrite: CallRewrite? = nil
  ) {
    self.player = player
    self.callRewrite = callRewrite
    self.overrides = overrides
    self.readerOverrides = readerOverrides
    self.readerValuesChanged = readerValuesChanged
    self.connection = connection
    self.path = path
    self.interfaces = interfaces
    self.servesExtras = servesExtras
    (extrasRequests, extrasChanged) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  package var logger: Logger { player.logger }

  // MARK: - The API of an outlet

  /// Whether the outlet announces now.
  package var isPublished: Bool { state.withLock { $0.isPublished } }

  /// Starts or stops announcing. When it starts, its controllers are taken to have seen nothing
  /// yet: the next change announces every value that differs from the declared fallbacks, unless
  /// ``currentProperties(of:)`` hands them the values first.
  package func setPublished(_ published: Bool) {
    state.withLock { state in
      state.isPublished = published
      if published {
        state.seen = [:]
        state.generation += 1
      }
    }
  }

  /// Every property of `interface` (``InterfaceDescription/player`` or
  /// ``InterfaceDescription/root``) as the forwarded player has it now (`Position`
  /// extrapolated; the declared fallback where there is no player), by name: what a registration
  /// hands over whole, such as the properties of `org.bluez.Media1.RegisterPlayer`. Its controllers
  /// are taken to have seen these values, so that the changes announced next are relative to them.
  package func currentProperties(of interface: InterfaceDescription) -> [String: Value] {
    while true {
      // The view is read outside the lock; what it read is taken as seen only when no change was
      // taken meanwhile, so a newer announcement is never overwritten by an older read.
      let generation = state.withLock { $0.generation }
      let mirror = player.forwardedMirror
      let instant = ContinuousClock.now
      let values = Dictionary(
        interface.properties.map {
          (
            $0.name,
            overriding($0.name, of: interface, player.value(of: $0, in: interface, of: mirror, at: instant))
          )
        }, uniquingKeysWith: { first, _ in first })
      let announced = NowPlayingChange.Values(
        interface: interface,
        properties: interface.properties.filter(\.isAnnounced).map {
          ($0.name, values[$0.name] ?? $0.fallback)
        })
      let isNewest = state.withLock { state in
        guard state.generation == generation else { return false }
        _ = state.take(announced)
        return true
      }
      if isNewest { return values }
    }
  }

  /// Withdraws the outlet: its interfaces leave the connection, and it announces nothing more.
  /// The connection stays open, and is the caller's to close. Calling it again does nothing.
  package func close() {
    player.remove(self)
    extrasChanged.finish()
    setPublished(false)
    let stops = stops.withLock { stops in
      defer { stops = [] }
      return stops
    }
    stops.forEach { $0() }
  }

  // MARK: - Serving

  /// Exports the interfaces and takes property writes at ``path``; starts following the active
  /// player's extra interfaces when it serves them.
  package func start() async throws(BusError) {
    var undo: [@Sendable () -> Void] = []
    do throws(BusError) {
      let writes = try await connection.handlePropertyWrites(at: path) { [self] write in take(write) }
      undo.append(writes.cancel)
      for interface in interfaces {
        undo.append(
          try await connection.export(exportedInterface(interface, overrides: overrides), at: path).cancel)
      }
    } catch {
      undo.forEach { $0() }
      throw error
    }
    if servesExtras {
      let extras = Task { [self] in
        var exported = ExportedExtras()
        for await _ in extrasRequests { await exportExtras(&exported) }
        exported.withdraw()
      }
      undo.append(extras.cancel)
      requestExtras()
    }
    stops.withLock { $0 = undo }
  }

  /// Asks for the active player's extra interfaces to be exported again, when the outlet serves
  /// them.
  func requestExtras() {
    if servesExtras { extrasChanged.yield() }
  }

  /// Where `interface` is served on the outlet's connection: MPRIS's at ``path``, the others at
  /// their own path.
  package func path(of interface: InterfaceDescription) -> ObjectPath {
    interface.path == .mediaPlayer ? path : interface.path
  }

  /// Whether the outlet serves `interface` now.
  private func serves(_ interface: InterfaceDescription, in state: OutletState) -> Bool {
    interfaces.contains { $0.key == interface.key } || state.exportedExtras[interface.key] == interface
  }

  /// Takes a property write of an interface served here, and forwards it; other writes go on to
  /// the exported setters.
  package func take(_ write: PropertyWrite) -> Bool {
    let served = state.withLock { state in
      write.path == path
        ? interfaces.first { $0.name == write.interface }
          ?? state.exportedExtras.values.first { $0.name == write.interface && $0.path == .mediaPlayer }
        : state.exportedExtras.values.first { $0.name == write.interface && $0.path == write.path }
    }
    guard let served else { return false }
    player.forward(write, of: served)
    return true
  }

  /// `forwarded` as the outlet exports it: methods forwarded (the player interface's as
  /// ``callRewrite`` says), properties read from the forwarded player's mirror, except those
  /// `overrides` and ``readerOverrides`` compute from it (only for MPRIS's player and root
  /// interfaces, whose property names are distinct).
  func exportedInterface(_ forwarded: InterfaceDescription, overrides: Overrides = [:]) -> Interface {
    let isPlayer = forwarded.key == InterfaceDescription.player.key
    let isOverridden = Self.isOverridden(forwarded)
    let overrides = isOverridden ? overrides : [:]
    let readerOverrides = isOverridden ? readerOverrides : [:]
    let callRewrite = isPlayer ? callRewrite : nil
    let status = forwarded.properties.first { $0.name == PlayerProperty.playbackStatus.rawValue }
    return Interface(
      name: forwarded.name,
      methods: forwarded.methods.map { method in
        Interface.Method(
          method.name, in: method.inSignature, out: method.outSignature, inNames: method.inNames,
          outNames: method.outNames
        ) { [player] call in
          guard let callRewrite, let status else { return player.forward(call, of: forwarded) }
          let current = player.value(of: status, in: forwarded, of: player.forwardedMirror, at: .now)
          let member = callRewrite(
            call.member, call.sender, current.stringValue.flatMap(PlaybackStatus.init(rawValue:)))
          player.forward(member == call.member ? call : call.calling(member), of: forwarded)
        }
      },
      properties: forwarded.properties.map { property in
        let override = overrides[property.name]
        let readerOverride = readerOverrides[property.name]
        let read: @Sendable (PropertyReader?) throws(BusError) -> Value = { [player] reader in
          let value = player.value(of: property, in: forwarded, of: player.forwardedMirror, at: .now)
          return readerOverride?(value, reader) ?? override?(value) ?? value
        }
        guard property.isWritable else {
          return Interface.Property(property.name, property.signature, change: property.change, read: read)
        }
        // Reached only by a write the outlet leaves (`take(_:)` of a `PropertyWrite`): one of an
        // interface not forwarded now.
        return Interface.Property(property.name, property.signature, change: property.change, read: read) {
          _, _ throws(BusError) in
          throw CommandPath.noPlayer("set \(property.name)")
        }
      },
      signals: forwarded.signals.map {
        Interface.Signal($0.name, $0.signature, argumentNames: $0.argumentNames)
      })
  }

  /// The announced properties of `interface` (among `names`, or all of them) as the forwarded
  /// player serves them from `mirror` at `instant`.
  package func announcedValues(
    of interface: InterfaceDescription, in mirror: PlayerMirror?, among names: Set<String>? = nil,
    at instant: ContinuousClock.Instant
  ) -> NowPlayingChange.Values {
    NowPlayingState.announcedValues(of: interface, in: mirror, among: names, at: instant) { [player] in
      player.value(of: $0, in: interface, of: mirror, at: instant)
    }
  }

  // MARK: - Announcing

  /// Takes in `change`, computed once for every outlet, and announces what this outlet's
  /// controllers have not seen of it. On the forwarded player's thread (the view's connection
  /// thread).
  package func take(_ change: NowPlayingChange) {
    player.assertOnChangeThread()
    let servesPlayer = interfaces.contains { $0.key == InterfaceDescription.player.key }
    let signals = state.withLock { state -> [OutletSignal] in
      switch change {
      case .switched(let all, let position):
        var signals: [OutletSignal] = []
        for values in all where serves(values.interface, in: state) {
          signals += announcement(of: state.take(overriding(values)), of: values.interface, in: state)
        }
        if state.isPublished, servesPlayer { signals.append(.seeked(position)) }
        return signals
      case .changed(let values, let position):
        guard serves(values.interface, in: state) else { return [] }
        var signals = announcement(of: state.take(overriding(values)), of: values.interface, in: state)
        if let position, state.isPublished, servesPlayer { signals.append(.seeked(position)) }
        return signals
      case .seeked(let position):
        return state.isPublished && servesPlayer ? [.seeked(position)] : []
      case .signal(let member, let interface, let path, let arguments):
        let isExported = state.exportedExtras[InterfaceDescription.key(interface, at: path)] != nil
        return state.isPublished && isExported ? [.signal(member, of: interface, at: path, arguments)] : []
      }
    }
    send(signals)
    if let readerValuesChanged, !readerOverrides.isEmpty {
      let values = readerValues(in: change)
      if !values.isEmpty, state.withLock({ $0.isPublished }) { readerValuesChanged(values) }
    }
  }

  /// The Now Playing player's values in `change` of the properties ``readerOverrides`` computes.
  private func readerValues(in change: NowPlayingChange) -> [String: Value] {
    let all: [NowPlayingChange.Values]
    switch change {
    case .switched(let values, _): all = values
    case .changed(let values, _): all = [values]
    case .seeked, .signal: all = []
    }
    var found: [String: Value] = [:]
    for values in all where values.interface.key == InterfaceDescription.player.key {
      for property in values.properties where readerOverrides[property.name] != nil {
        found[property.name] = property.value
      }
    }
    return found
  }

  /// `value`, of the property `name` of `interface`, as this outlet's controllers read it.
  private func overriding(_ name: String, of interface: InterfaceDescription, _ value: Value) -> Value {
    guard Self.isOverridden(interface), let override = overrides[name] else {
      return value
    }
    return override(value)
  }

  /// Whether ``Overrides`` apply to `interface`: MPRIS's player and root interfaces, whose
  /// property names are distinct.
  private static func isOverridden(_ interface: InterfaceDescription) -> Bool {
    interface.key == InterfaceDescription.player.key || interface.key == InterfaceDescription.root.key
  }

  /// `values` as this outlet's controllers read them.
  private func overriding(_ values: NowPlayingChange.Values) -> NowPlayingChange.Values {
    guard !overrides.isEmpty else { return values }
    let interface = values.interface
    return NowPlayingChange.Values(
      interface: interface,
      properties: values.properties.map { ($0.name, overriding($0.name, of: interface, $0.value)) })
  }

  /// PropertiesChanged of `changed` of `interface`, unless the outlet is not published, nothing
  /// changed, or the interface's changes are never announced
  /// (``InterfaceDescription/announcesChanges``).
  private func announcement(
    of changed: [(name: String, value: Value)], of interface: InterfaceDescription, in state: OutletState
  ) -> [OutletSignal] {
    guard state.isPublished, !changed.isEmpty, interface.announcesChanges else { return [] }
    return [.propertiesChanged(changed, of: interface)]
  }

  /// Sends `signals` on the outlet's connection, in order; called after the lock is released.
  private func send(_ signals: [OutletSignal]) {
    for signal in signals {
      switch signal {
      case .propertiesChanged(let changed, let interface):
        // The values compared and taken as seen, sent as they are: the getters would compute them
        // again on the connection's thread (bluetoothd's `Metadata` normalised twice), before the
        // signal leaves.
        do {
          try connection.emitPropertiesChanged(
            path: path(of: interface), interface: interface.name, values: changed)
        } catch {
          logger.error(
            "could not announce a forwarded player's properties",
            metadata: ["path": "\(path)", "error": "\(error)"])
        }
      case .signal(let member, let interface, let signalPath, let arguments):
        let at = signalPath == .mediaPlayer ? path : signalPath
        do {
          try connection.emitSignal(path: at, interface: interface, member: member, arguments: arguments)
        } catch {
          logger.error(
            "could not re-emit \(interface).\(member)", metadata: ["path": "\(at)", "error": "\(error)"])
        }
      }
    }
  }
}
