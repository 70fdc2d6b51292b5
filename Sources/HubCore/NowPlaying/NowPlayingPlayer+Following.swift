import DBus
import Logging
package import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

extension NowPlayingPlayer {
  // MARK: - The players

  // Every method here runs on the view's connection thread, where the view and the hub change:
  // the mirror read is the one the view holds until the next message, and the changes computed
  // are handed to the outlets in the order they were computed.

  /// Follows the hub's answer: announces a switch. Called on the view's connection thread, in
  /// the order of the hub's changes, after the view took in the message that made the change.
  package func follow(_ now: NowPlaying) {
    view.connection.assertOnConnectionThread()
    let instant = ContinuousClock.now
    let active = now.active.flatMap { BusName(rawValue: $0.owner) }
    let mirror = active.flatMap(view.mirror(of:))
    let extras = NowPlayingState.extras(of: mirror)
    let forwarded = state.withLock { state -> [InterfaceDescription]? in
      guard active != state.active else { return nil }
      state.active = active
      state.extras = extras
      return state.forwarded
    }
    guard let forwarded else { return }
    let outlets = currentOutlets
    if !outlets.isEmpty {
      let change = NowPlayingChange.switched(
        forwarded.map { NowPlayingState.announcedValues(of: $0, in: mirror, at: instant) },
        position: mirror?.positionMicroseconds(at: instant) ?? 0)
      for outlet in outlets {
        outlet.take(change)
        outlet.requestExtras()
      }
    }
    logger.debug(
      "Now Playing player switched",
      metadata: [
        "active": "\(active?.rawValue ?? "none")",
        "position": "\(mirror?.positionMicroseconds(at: instant) ?? 0)",
      ])
  }

  /// What the view saw of the active player: its property changes announced, its jumps and its
  /// other signals re-emitted, its extra interfaces exported.
  func viewChanged(_ change: PlayerView.Change) {
    view.connection.assertOnConnectionThread()
    let instant = ContinuousClock.now
    switch change {
    case .propertiesChanged(let owner, let key, let names, let source):
      let outlets = currentOutlets
      guard !outlets.isEmpty,
        let forwarded = state.withLock({ $0.active == owner ? $0.forwarded(key: key) : nil })
      else { return }
      let mirror = view.mirror(of: owner)
      let isRead = source == .read
      let values = NowPlayingState.announcedValues(
        of: forwarded, in: mirror, among: isRead ? nil : Set(names), at: instant)
      let position =
        isRead && key == MediaPlayerInterface.player.rawValue
        ? mirror?.positionMicroseconds(at: instant) ?? 0 : nil
      dispatch(.changed(values, position: position), to: outlets)
    case .seeked(let owner, let position):
      guard state.withLock({ $0.active == owner }) else { return }
      dispatch(.seeked(position), to: currentOutlets)
    case .interfacesChanged(let owner):
      let extras = NowPlayingState.extras(of: view.mirror(of: owner))
      let isActive = state.withLock { state in
        guard state.active == owner else { return false }
        state.extras = extras
        return true
      }
      if isActive { currentOutlets.forEach { $0.requestExtras() } }
    case .signal(let owner, let message):
      guard let path = message.path, let interface = message.interface, let member = message.member else {
        return
      }
      let key = InterfaceDescription.key(interface, at: path)
      let declared = state.withLock { state in
        state.active == owner ? state.extras[key]?.signals.first { $0.name == member } : nil
      }
      guard let declared else { return }
      guard Value.signature(of: message.arguments) == declared.signature else {
        logger.info(
          "the active player sent a signal that does not match its own introspection; not re-emitted",
          metadata: ["interface": "\(interface)", "member": "\(member)"])
        return
      }
      dispatch(.signal(member, of: interface, at: path, message.arguments), to: currentOutlets)
    case .nameAppeared, .nameVanished, .processIdentified:
      break
    }
  }

  private func dispatch(_ change: NowPlayingChange, to outlets: [Outlet]) {
    for outlet in outlets { outlet.take(change) }
  }
}
