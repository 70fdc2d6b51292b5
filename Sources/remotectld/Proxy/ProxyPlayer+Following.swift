import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

extension ProxyPlayer {
  // MARK: - The players

  /// Follows the hub's answer: announces a switch. Called on the view's connection thread, in
  /// the order of the hub's changes, after the view took in the message that made the change.
  func follow(_ now: NowPlaying) {
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
  func viewChanged(_ change: PlayerView.Change) {
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
}
