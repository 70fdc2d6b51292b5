import DBus
import NowPlayingArbiter

extension Hub {
  // MARK: - The hub's interface

  /// `io.github.swift_remote_control.Hub1`: the players in activity order, the active one,
  /// Shift, Unshift, Select and `NowPlayingChanged`.
  var hubInterface: Interface {
    Interface(
      name: HubNames.interface,
      methods: [
        Interface.Method("Shift", out: "s", outNames: ["player"]) { [self] call in
          pin(.shift, call: call, noPlayer: HubNames.noPlayerError, "there is no player to shift to")
        },
        Interface.Method("Unshift", out: "s", outNames: ["player"]) { [self] call in
          pin(.unshift, call: call, noPlayer: HubNames.noPlayerError, "there is no player to unshift to")
        },
        Interface.Method("Select", in: "s", inNames: ["player"]) { [self] call in
          select(call)
        },
      ],
      properties: [
        Interface.Property("Players", "as") { [self] in .strings(nowPlaying.players.map(\.busName)) },
        Interface.Property("ActivePlayer", "s") { [self] in .string(nowPlaying.active?.busName ?? "") },
      ],
      signals: [
        Interface.Signal("NowPlayingChanged", "sas", argumentNames: ["active", "players"])
      ])
  }

  // MARK: - playerctld's interface

  /// `com.github.altdesktop.playerctld`, as playerctld serves it: Shift, Unshift, PlayerNames
  /// and the ActivePlayerChangeBegin and ActivePlayerChangeEnd signals.
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

  // MARK: - Methods

  private func pin(_ event: Arbiter.Event, call: MethodCall, noPlayer: BusError.Name, _ message: String) {
    guard let active = apply(event).active else {
      call.fail(BusError(noPlayer, message))
      return
    }
    logger.info(
      "\(call.member) by \(call.sender?.rawValue ?? "?")", metadata: ["active": "\(active.busName)"])
    call.reply([.string(active.busName)])
  }

  private func select(_ call: MethodCall) {
    guard let name = call.arguments.first?.stringValue, candidate(named: name) != nil else {
      let name = call.arguments.first?.stringValue ?? ""
      let known = nowPlaying.players.map(\.busName)
      call.fail(
        BusError(
          HubNames.unknownPlayerError,
          "no player \"\(name)\"; the players are: "
            + (known.isEmpty ? "none" : known.joined(separator: ", "))))
      return
    }
    let active = apply(.select(name)).active
    logger.info(
      "Select by \(call.sender?.rawValue ?? "?")", metadata: ["active": "\(active?.busName ?? "none")"])
    call.reply()
  }
}
