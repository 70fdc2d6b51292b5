import DBus
import PlayerView
import Synchronization

extension ProxyPlayer {
  // MARK: - Forwarding

  /// Sends `call` on to the Now Playing player through the hub's command path (which records it
  /// as the user's), and answers with the player's reply or error once the view has taken in
  /// what the player announced before it.
  func forward(_ call: MethodCall) {
    commands.send(
      UserCommand(path: call.path, interface: call.interface, member: call.member, arguments: call.arguments),
      to: .nowPlaying
    ) { result in
      switch result {
      case .success(let values): call.reply(values)
      case .failure(let error): call.fail(error)
      }
    }
  }

  /// Takes a property write of a forwarded interface, and answers it once the Now Playing player
  /// has answered; other writes go on to the exported setters.
  func take(_ write: PropertyWrite) -> Bool {
    let isForwarded = state.withLock { state in
      state.forwarded.contains { $0.name == write.interface && $0.path == write.path }
    }
    guard isForwarded else { return false }
    commands.send(.write(write.property, of: write.interface, at: write.path, write.value), to: .nowPlaying) {
      result in
      switch result {
      case .success: write.accept()
      case .failure(let error): write.fail(error)
      }
    }
    return true
  }
}
