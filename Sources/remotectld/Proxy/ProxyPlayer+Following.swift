import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

extension ProxyPlayer {
  // MARK: - The players

  // Every method here runs on the view's connection thread, where the view and the hub change:
  // the mirror read before the lock is the one the view holds until the next message, and the
  // signals computed under the lock are sent after it in the order they were computed.

  /// Follows the hub's answer: announces a switch. Called on the view's connection thread, in
  /// the order of the hub's changes, after the view took in the message that made the change.
  func follow(_ now: NowPlaying) {
    let instant = ContinuousClock.now
    let active = now.active.flatMap { BusName(rawValue: $0.owner) }
    let mirror = active.flatMap(view.mirror(of:))
    let signals = state.withLock { state -> [ProxySignal]? in
      guard active != state.active else { return nil }
      state.active = active
      return state.switched(to: mirror, at: instant)
    }
    guard let signals else { return }
    send(signals)
    extrasChanged.yield()
    logger.debug(
      "proxy switched",
      metadata: [
        "active": "\(active?.rawValue ?? "none")",
        "position": "\(mirror?.positionMicroseconds(at: instant) ?? 0)",
      ])
  }

  /// What the view saw of the active player: its property changes announced, its jumps and its
  /// other signals re-emitted, its extra interfaces exported.
  func viewChanged(_ change: PlayerView.Change) {
    let instant = ContinuousClock.now
    switch change {
    case .propertiesChanged(let owner, let key, let names, let source):
      let mirror = view.mirror(of: owner)
      let signals = state.withLock { state -> [ProxySignal] in
        guard state.active == owner, let forwarded = state.forwarded(key: key) else {
          return []
        }
        return state.changed(forwarded, of: mirror, among: source == .read ? nil : Set(names), at: instant)
      }
      send(signals)
    case .seeked(let owner, let position):
      guard state.withLock({ $0.active == owner && $0.isPublished }) else { return }
      send([.seeked(position)])
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
      send([.signal(member, of: interface, at: path, message.arguments)])
    case .nameAppeared, .nameVanished:
      break
    }
  }
}
