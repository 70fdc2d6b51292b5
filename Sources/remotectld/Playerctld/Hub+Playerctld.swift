import DBus
import Logging
import NowPlayingArbiter

extension Hub {
  /// `com.github.altdesktop.playerctld`, as playerctld serves it: Shift, Unshift, PlayerNames
  /// and the ActivePlayerChangeBegin and ActivePlayerChangeEnd signals. Served by the proxy
  /// player's connection while it owns playerctld's bus name (``PlayerctldStandIn``).
  var playerctldInterface: Interface {
    let none = "No player is being controlled by remotectld"
    return Interface(
      name: HubNames.playerctldInterface,
      methods: [
        Interface.Method("Shift", out: "s", outNames: ["Player"]) { [self] call in
          pin(.shift, call: call, noPlayer: HubNames.playerctldNoActivePlayerError, none)
        },
        Interface.Method("Unshift", out: "s", outNames: ["Player"]) { [self] call in
          pin(.unshift, call: call, noPlayer: HubNames.playerctldNoActivePlayerError, none)
        },
      ],
      properties: [
        Interface.Property("PlayerNames", "as") { [self] in .strings(nowPlaying.players.map(\.busName)) }
      ],
      signals: [
        Interface.Signal("ActivePlayerChangeBegin", "s", argumentNames: ["Name"]),
        Interface.Signal("ActivePlayerChangeEnd", "s", argumentNames: ["Name"]),
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
          path: HubNames.path, interface: HubNames.playerctldInterface, member: "ActivePlayerChangeBegin",
          arguments: [.string(active)])
      }
      try connection.emitPropertiesChanged(
        path: HubNames.path, interface: HubNames.playerctldInterface, properties: ["PlayerNames"])
      if activeChanged {
        try connection.emitSignal(
          path: HubNames.path, interface: HubNames.playerctldInterface, member: "ActivePlayerChangeEnd",
          arguments: [.string(active)])
      }
    } catch {
      logger.error("could not announce the change as playerctld", metadata: ["error": "\(error)"])
    }
  }
}
