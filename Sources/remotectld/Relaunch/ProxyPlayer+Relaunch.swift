import DBus
import RemoteControlMPRIS

extension ProxyPlayer {
  /// Takes a `Play` or `PlayPause` that arrived with no player: the last Now Playing app is
  /// started and played (``Relauncher/relaunch(then:)``), and `call` is answered once it
  /// answered `Play`, or failed with `NoPlayer` and why nothing plays. Returns `false`, leaving
  /// `call` alone, for any other call or when relaunching is off.
  func relaunchesForPlay(_ call: MethodCall) -> Bool {
    guard let relauncher, relauncher.options.isEnabled,
      call.interface == MediaPlayerInterface.player.rawValue,
      call.member == "Play" || call.member == "PlayPause"
    else { return false }
    relauncher.relaunch { [self] result in
      switch result {
      case .success(let owner):
        pressed(owner)
        call.reply()
      case .failure(let failure):
        call.fail(
          BusError(
            HubNames.noPlayerError,
            "no player to call \(call.member): no MPRIS player is on the bus, and \(failure.description)"))
      }
    }
    return true
  }
}
