import DBus
import NowPlayingArbiter

extension Hub {
  // MARK: - The hub's interface

  /// `io.github.swift_remote_control.Hub1` at `/org/mpris/MediaPlayer2`, for controllers:
  ///
  /// - `Players` (`as`, read-only, announced in PropertiesChanged): the candidates' bus names in
  ///   activity order, the active one first.
  /// - `ActivePlayer` (`s`, read-only, announced): the Now Playing player's bus name, empty when
  ///   there is none.
  /// - `Shift() → s`, `Unshift() → s`: pin the next player in activity order (the one left goes
  ///   to the back), or the last one; they answer the active player's bus name, or the error
  ///   `io.github.swift_remote_control.Hub1.Error.NoPlayer` when there is no player.
  /// - `Select(s player)`: pin the player named by bus name, player name (`vlc`) or unique name;
  ///   `io.github.swift_remote_control.Hub1.Error.UnknownPlayer` lists the players otherwise.
  /// - `NowPlayingChanged(s active, as players)`: emitted once for every change of the active
  ///   player or of the order, after the change, carrying the whole new state, so a follower that
  ///   reads Players once and then listens never misses a switch.
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
