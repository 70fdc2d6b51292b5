import DBus
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

extension ProxyPlayer {
  // MARK: - Forwarding

  /// Sends `call` on to the active player on the view's connection, and answers with the
  /// player's reply or error once the view has taken in what the player announced before it.
  func forward(_ call: MethodCall) {
    guard let owner = state.withLock({ $0.active }) else {
      if relaunchesForPlay(call) { return }
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
  func take(_ write: PropertyWrite) -> Bool {
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
}
