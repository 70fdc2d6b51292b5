import DBus
import HubAPI
import HubCore
import Logging
import NowPlayingArbiter

extension Hub {
  /// `com.github.altdesktop.playerctld`, as playerctld serves it: Shift, Unshift, PlayerNames
  /// and the ActivePlayerChangeBegin and ActivePlayerChangeEnd signals. Served by the proxy
  /// player's connection while it owns playerctld's bus name (``PlayerctldStandIn``).
  /// `PlayerNames` lists the hub's players in its order, then `phoneRemotes()`: playerctl and
  /// remotectl take that list as every player, and a phone remote, never a candidate, is still
  /// reached by name (`playerctl -p kdeconnect.mpris_000001`). A browser's own player of a bridged
  /// page (the page's twin, an echo) is left out, so that `playerctl -l` and the bars built on it
  /// list the page once, as the bridge's player, which reaches the same page; `remotectl -p`
  /// still reaches the twin by its name (it looks names up on the bus), `playerctl -p` no longer.
  func playerctldInterface(phoneRemotes: @escaping @Sendable () -> [String]) -> Interface {
    let none = "No player is being controlled by remotectld"
    return Interface(
      name: Playerctld.interface,
      methods: [
        Interface.Method(Playerctld.Method.shift, out: "s", outNames: ["Player"]) { [self] call in
          pin(.shift, call: call, noPlayer: Playerctld.ErrorName.noActivePlayer, none)
        },
        Interface.Method(Playerctld.Method.unshift, out: "s", outNames: ["Player"]) { [self] call in
          pin(.unshift, call: call, noPlayer: Playerctld.ErrorName.noActivePlayer, none)
        },
      ],
      properties: [
        Interface.Property(Playerctld.Property.playerNames, "as") { [self] in
          .strings(nowPlaying.players.map(\.busName) + phoneRemotes())
        }
      ],
      signals: [
        Interface.Signal(Playerctld.Signal.activePlayerChangeBegin, "s", argumentNames: ["Name"]),
        Interface.Signal(Playerctld.Signal.activePlayerChangeEnd, "s", argumentNames: ["Name"]),
      ])
  }

  /// Announces `change` as playerctld does, on `connection`: `ActivePlayerChangeBegin`,
  /// `PropertiesChanged(PlayerNames)` and `ActivePlayerChangeEnd`.
  func announceAsPlayerctld(_ change: Change, on connection: Connection) {
    let active = change.now.active?.busName ?? ""
    let activeChanged = active != (change.before.active?.busName ?? "")
    do {
      if activeChanged {
        try connection.emitSignal(
          path: HubAddress.path, interface: Playerctld.interface,
          member: Playerctld.Signal.activePlayerChangeBegin,
          arguments: [.string(active)])
      }
      try connection.emitPropertiesChanged(
        path: HubAddress.path, interface: Playerctld.interface, properties: [Playerctld.Property.playerNames])
      if activeChanged {
        try connection.emitSignal(
          path: HubAddress.path, interface: Playerctld.interface,
          member: Playerctld.Signal.activePlayerChangeEnd,
          arguments: [.string(active)])
      }
    } catch {
      logger.error("could not announce the change as playerctld", metadata: ["error": "\(error)"])
    }
  }
}
