import DBus
import HubAPI
import NowPlayingArbiter
import RemoteControlMPRIS

extension CommandPath {
  // MARK: - A controller's commands (remotectl's verbs)

  /// `Hub1.Send(s player, s interface, s member, av arguments) → av`: a controller's command
  /// (`remotectl next`, `remotectl -p vlc pause`: what media keys run), sent along the path to the
  /// player named by bus name, player name (`vlc`) or unique name — the Now Playing player when
  /// `player` is empty — with every side effect of a user's command. The call is an MPRIS method
  /// (`org.mpris.MediaPlayer2.Player.Next`, with its arguments each in a variant) or a write of
  /// an MPRIS property (`org.freedesktop.DBus.Properties.Set`); the answer is the player's reply,
  /// each value in a variant, or the player's own error.
  ///
  /// The controller has checked the player's `Can*` properties first, as playerctl does: the hub
  /// sends what it is given. A player that is not a candidate of the Now Playing rule is
  /// `Hub1.Error.UnknownPlayer`, and the controller then calls it itself; an empty `player` with no
  /// player on the bus is `Hub1.Error.NoPlayer`, after a play or play-pause has brought back the
  /// last Now Playing app if it could.
  func sendFromController(_ call: MethodCall) {
    guard call.arguments.count == 4, let name = call.arguments[0].stringValue,
      let interface = call.arguments[1].stringValue, let member = call.arguments[2].stringValue,
      let values = call.arguments[3].arrayElements
    else {
      call.fail(.invalidArgs("Send takes (s player, s interface, s member, av arguments)"))
      return
    }
    let arguments = values.map { value in
      if case .variant(let inner) = value { inner } else { value }
    }
    guard let path = Self.mprisPath(interface: interface, member: member, arguments: arguments) else {
      call.fail(
        .invalidArgs(
          "\(interface).\(member) is not an MPRIS command: Send takes a method of an MPRIS interface, "
            + "or \(StandardInterface.properties).Set of an MPRIS property"))
      return
    }
    let target: Target
    if name.isEmpty {
      target = .nowPlaying
    } else if let owner = hub.candidate(named: name).flatMap({ BusName(rawValue: $0.owner) }) {
      target = .player(owner)
    } else {
      call.fail(BusError(Hub1.ErrorName.unknownPlayer, "\"\(name)\" is not a player the hub follows"))
      return
    }
    let command = UserCommand(path: path, interface: interface, member: member, arguments: arguments)
    send(command, to: target) { result in
      switch result {
      case .success(let reply): call.reply([.array(elementSignature: "v", reply.map(Value.variant))])
      case .failure(let error): call.fail(error)
      }
    }
  }

  /// The object an MPRIS command lives at: where `interface` is served for its methods, where the
  /// property's interface is for `Properties.Set`; `nil` for anything else.
  static func mprisPath(interface: String, member: String, arguments: [Value]) -> ObjectPath? {
    let served: MediaPlayerInterface?
    if interface == UserCommand.propertiesInterface {
      served = member == "Set" ? arguments.first?.stringValue.flatMap(MediaPlayerInterface.init) : nil
    } else {
      served = MediaPlayerInterface(rawValue: interface)
    }
    return served.flatMap { ObjectPath(rawValue: $0.objectPath) }
  }
}
