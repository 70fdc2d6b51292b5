package import DBus
import Dispatch
import Logging
import RemoteControlMPRIS
import Synchronization

extension PlayerView {
  // MARK: - Starting

  /// Installs the view's two match rules, then reads the players already on the bus.
  ///
  /// - Returns: The subscriptions; cancel them to stop watching.
  package func start() async throws(BusError) -> [Subscription] {
    let names = try await connection.addMatch(
      rule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
        + "member='NameOwnerChanged',path='/org/freedesktop/DBus',arg0namespace='\(MediaPlayerBusName.namespace)'"
    ) { [self] message in nameOwnerChanged(message) }
    // Only a player's signals are read: the rule matches every signal at the MPRIS path, the
    // hub's own re-emitted ones among them, whose bodies (a whole `Metadata`) would be read for
    // nothing.
    let signals = try await connection.addMatch(
      rule: "type='signal',path_namespace='\(ObjectPath.mediaPlayer.rawValue)'",
      sentBy: { [self] sender in isPlayer(sender) }
    ) { [self] message in received(message) }
    await enumerate()
    return [names, signals]
  }

  /// Forgets every player: after a reconnect, when every unique name has changed. Call it on
  /// the connection's thread (``Connection/onReconnect``), before any signal of the new
  /// connection is dispatched, then ``enumerate()``.
  package func forgetAll() {
    connection.assertOnConnectionThread()
    let gone = state.withLock { state in
      defer { state = State() }
      return state.mirrors.values.flatMap { mirror in
        mirror.busNames.enumerated().map { index, name in
          Change.nameVanished(
            name, owner: mirror.owner, lastMirror: index == mirror.busNames.count - 1 ? mirror : nil)
        }
      }
    }
    notify(gone)
  }

  /// Reads the players on the bus: at startup, and after a reconnect (after ``forgetAll()``).
  package func enumerate() async {
    do {
      for name in try await connection.listNames() where name.rawValue.hasPrefix(MediaPlayerBusName.prefix) {
        let owner: BusName?
        do {
          owner = try await connection.nameOwner(of: name)
        } catch {
          logger.error(
            "could not ask the bus who owns a player's name; the player is left out until it changes",
            metadata: ["name": "\(name)", "error": "\(error)"])
          continue
        }
        // `nil`: the player left between the two calls; its NameOwnerChanged says so too.
        guard let owner else { continue }
        connection.perform { [self] in appeared(name, owner: owner) }
      }
    } catch {
      logger.error("could not list the players on the bus", metadata: ["error": "\(error)"])
    }
  }

  /// Reads the players on the bus as ``enumerate()`` does, with the answers taken on the
  /// connection's thread as they come, and nothing to await: after a reconnect, from
  /// ``Connection/onReconnect`` (after ``forgetAll()``), with no task to outlive the view.
  package func enumerateHere() {
    connection.listNames { [self] listed in
      switch listed {
      case .failure(let error):
        logger.error("could not list the players on the bus", metadata: ["error": "\(error)"])
      case .success(let names):
        for name in names where name.rawValue.hasPrefix(MediaPlayerBusName.prefix) {
          connection.nameOwner(of: name) { [self] owner in
            switch owner {
            case .success(let owner?): appeared(name, owner: owner)
            // The player left between the two calls; its NameOwnerChanged says so too.
            case .success(nil): break
            case .failure(let error):
              logger.error(
                "could not ask the bus who owns a player's name; the player is left out until it changes",
                metadata: ["name": "\(name)", "error": "\(error)"])
            }
          }
        }
      }
    }
  }

  // MARK: - Names

  private func nameOwnerChanged(_ message: ReceivedMessage) {
    connection.assertOnConnectionThread()
    let strings = message.arguments.compactMap(\.stringValue)
    guard strings.count == 3, let name = BusName(rawValue: strings[0]) else { return }
    if let old = BusName(rawValue: strings[1]) { vanished(name, owner: old) }
    if let new = BusName(rawValue: strings[2]) { appeared(name, owner: new) }
  }

  /// `owner` now owns `name`: a new player is read; a known one gains a name.
  private func appeared(_ name: BusName, owner: BusName) {
    connection.assertOnConnectionThread()
    guard admits(name) else { return }
    let isNew = state.withLock { state -> Bool? in
      guard state.owners[name] != owner else { return nil }
      state.owners[name] = owner
      if state.mirrors[owner] != nil {
        state.mirrors[owner]?.busNames.append(name)
        return false
      }
      state.mirrors[owner] = PlayerMirror(owner: owner, busNames: [name])
      return true
    }
    guard let isNew else { return }
    if isNew { logger.info("player appeared", metadata: ["name": "\(name)", "owner": "\(owner)"]) }
    notify([.nameAppeared(name, owner: owner, isNewPlayer: isNew)])
    if isNew { read(owner) }
  }

  /// `owner` no longer owns `name`: the player loses the name, and is gone with its last one.
  private func vanished(_ name: BusName, owner: BusName) {
    connection.assertOnConnectionThread()
    let change = state.withLock { state -> Change? in
      guard state.owners[name] == owner, var mirror = state.mirrors[owner] else { return nil }
      state.owners[name] = nil
      mirror.busNames.removeAll { $0 == name }
      guard mirror.busNames.isEmpty else {
        state.mirrors[owner] = mirror
        return .nameVanished(name, owner: owner, lastMirror: nil)
      }
      state.mirrors[owner] = nil
      return .nameVanished(name, owner: owner, lastMirror: mirror)
    }
    guard let change else { return }
    if case .nameVanished(_, _, .some) = change {
      logger.info("player vanished", metadata: ["name": "\(name)", "owner": "\(owner)"])
    }
    notify([change])
  }

  // MARK: - Reading a new player

  /// Reads a new player: its process, its root and player interfaces, then its introspection
  /// data and its child objects', then every other interface's properties.
  private func read(_ owner: BusName) {
    askProcess(of: owner)
    readProperties(of: MediaPlayerInterface.root.rawValue, at: .mediaPlayer, from: owner)
    readProperties(of: MediaPlayerInterface.player.rawValue, at: .mediaPlayer, from: owner)
    introspect(owner, at: .mediaPlayer) { [self] xml in
      add(interfaces(in: xml, at: .mediaPlayer), of: owner)
      for child in InterfaceDescription.children(introspection: xml, of: .mediaPlayer) {
        introspect(owner, at: child) { [self] xml in add(interfaces(in: xml, at: child), of: owner) }
      }
    }
  }

  /// Asks the bus, once, for the process of the new player `owner`, which every part of the hub
  /// reads from its mirror (the audio session matches its sound streams by it, the Bluetooth
  /// rule tells mpris-proxy by it).
  private func askProcess(of owner: BusName) {
    connection.processID(of: owner, timeout: Self.readTimeout) { [self] answer in
      connection.assertOnConnectionThread()
      if case .failure(let error) = answer {
        logger.info(
          "the bus cannot tell a player's process; its sound streams cannot be told by it",
          metadata: ["owner": "\(owner)", "error": "\(error)"])
      }
      let known = state.withLock { state -> Bool in
        guard state.mirrors[owner] != nil else { return false }
        state.mirrors[owner]?.process = answer
        return true
      }
      if known { notify([.processIdentified(owner: owner)]) }
    }
  }

  /// The interfaces `xml` describes at `path` beyond D-Bus's and MPRIS's two.
  private func interfaces(in xml: String, at path: ObjectPath) -> [InterfaceDescription] {
    InterfaceDescription.parse(introspection: xml).filter { !InterfaceDescription.standard.contains($0.name) }
      .map {
        var interface = $0
        interface.path = path
        return interface
      }
  }

  /// Calls `Introspect` at `path` of `owner`, and `then` with its XML.
  private func introspect(_ owner: BusName, at path: ObjectPath, then: @escaping @Sendable (String) -> Void) {
    connection.call(
      destination: owner, path: path, interface: "org.freedesktop.DBus.Introspectable", member: "Introspect",
      timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let xml = values.first?.stringValue else {
        logger.info(
          "a player's interfaces cannot be read; only MPRIS's are known",
          metadata: ["owner": "\(owner)", "path": "\(path)"])
        return
      }
      then(xml)
    }
  }

  /// Adds `interfaces` to what `owner` is known to serve, and reads their properties.
  private func add(_ interfaces: [InterfaceDescription], of owner: BusName) {
    guard !interfaces.isEmpty else { return }
    let known = state.withLock { state -> Bool in
      guard state.mirrors[owner] != nil else { return false }
      state.mirrors[owner]?.interfaces.append(contentsOf: interfaces)
      return true
    }
    guard known else { return }
    for interface in interfaces where !interface.properties.isEmpty {
      readProperties(of: interface.name, at: interface.path, from: owner)
    }
    notify([.interfacesChanged(owner: owner)])
  }

  /// `GetAll` of `interface` at `path` from `owner`, recorded in its mirror.
  ///
  /// A player whose object is not there yet, or whose answer does not come within
  /// ``readTimeout``, is asked again (``readAgainDelays``): Firefox owns its MPRIS name before it
  /// exports the object, a busy player answers late, and a player read only then would count as
  /// not playing until its next change, which a playing stream never makes. A read that fails
  /// changes nothing the player announced meanwhile (a `PlaybackStatus` of `Playing` sent while
  /// the view waited): the player counts as read, with what it announced.
  private func readProperties(
    of interface: String, at path: ObjectPath, from owner: BusName, attempt: Int = 0
  ) {
    connection.call(
      destination: owner, path: path, interface: Self.propertiesInterface, member: "GetAll",
      arguments: [.string(interface)], timeout: Self.readTimeout
    ) { [self] result in
      switch result {
      case .success(let values):
        record(values.first ?? .vardict([:]), of: interface, at: path, from: owner, source: .read, at: .now)
      case .failure(let error):
        if attempt == 0 {
          let isPlayer = interface == MediaPlayerInterface.player.rawValue
          logger.warning(
            isPlayer
              ? "could not read the player's state; it counts as what it announced, not playing if nothing"
              : "a player's properties cannot be read; they read as empty",
            metadata: [
              "owner": "\(owner)", "path": "\(path)", "interface": "\(interface)", "error": "\(error)",
            ])
          if isPlayer { readFailed(at: path, from: owner) }
        }
        guard Self.readAgainErrors.contains(error.name), attempt < Self.readAgainDelays.count else { return }
        let delay = Self.readAgainDelays[attempt]
        logger.debug(
          "a player's object is not there yet, or it did not answer in time; read again",
          metadata: ["owner": "\(owner)", "interface": "\(interface)", "in": "\(delay)", "error": "\(error)"])
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
          connection.perform { [self] in
            guard state.withLock({ $0.mirrors[owner] != nil }) else { return }
            readProperties(of: interface, at: path, from: owner, attempt: attempt + 1)
          }
        }
      }
    }
  }

  /// The first read of `owner`'s player interface failed: the player counts as read (its
  /// observers need not wait for it longer), with what it announced so far, which the failure
  /// leaves as it is. Nothing it announced means not playing.
  private func readFailed(at path: ObjectPath, from owner: BusName) {
    let key = InterfaceDescription.key(MediaPlayerInterface.player.rawValue, at: path)
    let known = state.withLock { state -> Bool in
      guard state.mirrors[owner] != nil else { return false }
      state.mirrors[owner]?.isLoaded = true
      return true
    }
    guard known else { return }
    notify([.propertiesChanged(owner: owner, interface: key, names: [], source: .read)])
  }

  /// `Get` of one property: one the player invalidated, or `Position` after a track change.
  func readProperty(_ name: String, of interface: String, at path: ObjectPath, from owner: BusName) {
    connection.call(
      destination: owner, path: path, interface: Self.propertiesInterface, member: "Get",
      arguments: [.string(interface), .string(name)], timeout: Self.readTimeout
    ) { [self] result in
      guard case .success(let values) = result, let value = values.first else { return }
      record(
        .dictionary(
          keySignature: "s", valueSignature: "v", [DictionaryEntry(key: .string(name), value: value)]),
        of: interface, at: path, from: owner, source: .announced, at: .now)
    }
  }

  static let propertiesInterface = StandardInterface.properties

  /// Why a read is tried again: the player's object is not there yet (`UnknownMethod` or
  /// `UnknownObject`, as its D-Bus library says it), or its answer did not come in time
  /// (`NoReply`, `Timeout`).
  static let readAgainErrors: Set<BusError.Name> = [.unknownMethod, .unknownObject, .noReply, .timeout]

  /// How long to wait before each new read of a player whose object was not there, or that did
  /// not answer in time: about 6 s in all besides the reads' own waits; then what it announces
  /// is all the view knows of it.
  static let readAgainDelays: [DispatchTimeInterval] = [
    .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600),
    .milliseconds(3200),
  ]
}
