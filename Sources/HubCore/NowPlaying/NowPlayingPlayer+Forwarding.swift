package import DBus
package import PlayerView

extension NowPlayingPlayer {
  // MARK: - Forwarding

  /// Sends `call`, made at an outlet on `interface`, on to the Now Playing player through the
  /// hub's command path (which records it as the user's), at the player's own path for it, and
  /// answers with the player's reply or error once the view has taken in what the player
  /// announced before it. A call that expects no reply is sent all the same; its answer goes
  /// nowhere.
  package func forward(_ call: MethodCall, of interface: InterfaceDescription) {
    commands.send(
      UserCommand(
        path: interface.path, interface: call.interface, member: call.member, arguments: call.arguments),
      to: .nowPlaying
    ) { result in
      switch result {
      case .success(let values): call.reply(values)
      case .failure(let error): call.fail(error)
      }
    }
  }

  /// Sends `write`, made at an outlet on `interface`, on to the Now Playing player, and answers
  /// it once the player has answered.
  package func forward(_ write: PropertyWrite, of interface: InterfaceDescription) {
    commands.send(
      .write(write.property, of: write.interface, at: interface.path, write.value), to: .nowPlaying
    ) {
      result in
      switch result {
      case .success: write.accept()
      case .failure(let error): write.fail(error)
      }
    }
  }
}
