import DBus
import Logging
import RemoteControlMPRIS
import Synchronization

extension PlayerView {
  // MARK: - Signals

  /// Whether `sender` is a player the view follows: only its signals are read.
  func isPlayer(_ sender: BusName) -> Bool {
    state.withLock { $0.mirrors[sender] != nil }
  }

  /// A player's signal at or below the MPRIS path: recorded, or passed on (the proxy re-emits
  /// the active player's).
  func received(_ message: ReceivedMessage) {
    connection.assertOnConnectionThread()
    guard let sender = message.sender, let path = message.path, let interface = message.interface,
      let member = message.member, isPlayer(sender)
    else { return }
    let instant = ContinuousClock.now
    switch (interface, member) {
    case (Self.propertiesInterface, "PropertiesChanged"):
      guard message.arguments.count == 3, let changed = message.arguments[0].stringValue else { return }
      record(message.arguments[1], of: changed, at: path, from: sender, source: .announced, at: instant)
      let invalidated = (message.arguments[2].arrayElements ?? []).compactMap(\.stringValue)
      for name in invalidated { readProperty(name, of: changed, at: path, from: sender) }
    case (MediaPlayerInterface.player.rawValue, PlayerSignal.seeked.rawValue) where path == .mediaPlayer:
      guard let position = message.arguments.first?.int64Value else { return }
      let known = state.withLock { state -> Bool in
        guard state.mirrors[sender] != nil else { return false }
        state.mirrors[sender]?.seeked(to: position, at: instant)
        return true
      }
      if known { notify([.seeked(owner: sender, position: position)]) }
    default:
      notify([.signal(owner: sender, message: message)])
    }
  }

  /// Records properties read or announced (`dictionary` is an `a{sv}`, walked once) in `owner`'s
  /// mirror and tells the observers; after a track change, reads `Position`, the one value the
  /// view cannot know.
  func record(
    _ dictionary: Value, of interface: String, at path: ObjectPath, from owner: BusName, source: Source,
    at instant: ContinuousClock.Instant
  ) {
    guard case .dictionary(_, _, let entries) = dictionary else {
      logger.warning("a player sent properties that are not a dictionary", metadata: ["owner": "\(owner)"])
      return
    }
    var values: [String: Value] = [:]
    var names: [String] = []
    for entry in entries {
      guard let name = entry.key.stringValue else { continue }
      values[name] = entry.value.unwrappingVariants
      names.append(name)
    }
    let key = InterfaceDescription.key(interface, at: path)
    let isPlayer = key == MediaPlayerInterface.player.rawValue
    let outcome = state.withLock { state -> (known: Bool, trackChanged: Bool) in
      guard state.mirrors[owner] != nil else { return (false, false) }
      let trackChanged =
        state.mirrors[owner]?.record(values, of: key, replacing: source == .read, at: instant) ?? false
      if isPlayer, source == .read { state.mirrors[owner]?.isLoaded = true }
      return (true, trackChanged)
    }
    guard outcome.known else { return }
    notify([.propertiesChanged(owner: owner, interface: key, names: names, source: source)])
    if outcome.trackChanged, source == .announced, values[PlayerProperty.position.rawValue] == nil {
      // Asked once the work the observers handed the thread for this change is done (the hub's
      // outlets' signals, bluetoothd's among them): its reply, read in the same turn of the loop
      // when the player answers at once, would be taken in before they leave.
      connection.perform { [self] in
        readProperty(PlayerProperty.position.rawValue, of: interface, at: path, from: owner)
      }
    }
  }
}
