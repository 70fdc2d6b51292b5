package import DBus
import HubAPI
import Logging
package import NowPlayingArbiter

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
  /// - `Send(s player, s interface, s member, av arguments) → av`: a controller's command (what
  ///   `remotectl`'s verbs send), along the hub's command path to the player named, or the Now
  ///   Playing player when `player` is empty (``CommandPath/sendFromController(_:)``).
  /// - `NowPlayingChanged(s active, as players)`: emitted once for every change of the active
  ///   player or of the order, after the change, carrying the whole new state, so a follower that
  ///   reads Players once and then listens never misses a switch.
  /// - `ProxyMode` (`s`: auto, on, playerctld or off), `ProxyPublished` (`b`) and `ProxyReason` (`s`),
  ///   announced: whether the hub publishes MPRIS names of its own (the proxy player and
  ///   playerctld's) and why.
  package func hubInterface(
    commands: CommandPath, proxyStatus: @escaping @Sendable () -> ProxyPublication.Status
  ) -> Interface {
    Interface(
      name: Hub1.interface,
      methods: [
        Interface.Method(Hub1.Method.shift, out: "s", outNames: ["player"]) { [self] call in
          pin(.shift, call: call, noPlayer: Hub1.ErrorName.noPlayer, "there is no player to shift to")
        },
        Interface.Method(Hub1.Method.unshift, out: "s", outNames: ["player"]) { [self] call in
          pin(.unshift, call: call, noPlayer: Hub1.ErrorName.noPlayer, "there is no player to unshift to")
        },
        Interface.Method(Hub1.Method.select, in: "s", inNames: ["player"]) { [self] call in
          select(call)
        },
        Interface.Method(
          Hub1.Method.send, in: "sssav", out: "av", inNames: ["player", "interface", "member", "arguments"],
          outNames: ["reply"]
        ) { call in
          commands.sendFromController(call)
        },
      ],
      properties: [
        Interface.Property(Hub1.Property.players, "as") { [self] in
          .strings(nowPlaying.players.map(\.busName))
        },
        Interface.Property(Hub1.Property.activePlayer, "s") { [self] in
          .string(nowPlaying.active?.busName ?? "")
        },
        Interface.Property(Hub1.Property.proxyMode, "s") { .string(proxyStatus().mode.rawValue) },
        Interface.Property(Hub1.Property.proxyPublished, "b") { .bool(proxyStatus().isPublished) },
        Interface.Property(Hub1.Property.proxyReason, "s") { .string(proxyStatus().reason) },
      ],
      signals: [
        Interface.Signal(Hub1.Signal.nowPlayingChanged, "sas", argumentNames: ["active", "players"])
      ])
  }

  // MARK: - Methods

  /// Applies `event` (shift, unshift) and answers `call` with the active player's bus name, or
  /// with the error `noPlayer` when there is none.
  package func pin(_ event: Arbiter.Event, call: MethodCall, noPlayer: BusError.Name, _ message: String) {
    apply([event]) { [self] now in
      guard let active = now.active else {
        call.fail(BusError(noPlayer, message))
        return
      }
      logger.info(
        "\(call.member) by \(call.sender?.rawValue ?? "?")", metadata: ["active": "\(active.busName)"])
      call.reply([.string(active.busName)])
    }
  }

  private func select(_ call: MethodCall) {
    guard let name = call.arguments.first?.stringValue, candidate(named: name) != nil else {
      let name = call.arguments.first?.stringValue ?? ""
      let known = nowPlaying.players.map(\.busName)
      call.fail(
        BusError(
          Hub1.ErrorName.unknownPlayer,
          "no player \"\(name)\"; the players are: "
            + (known.isEmpty ? "none" : known.joined(separator: ", "))))
      return
    }
    apply([.select(name)]) { [self] now in
      logger.info(
        "Select by \(call.sender?.rawValue ?? "?")", metadata: ["active": "\(now.active?.busName ?? "none")"])
      call.reply()
    }
  }
}

extension Hub {
  // MARK: - Announcing

  /// Announces `change` on the hub's interface: `PropertiesChanged` (`Players`, and
  /// `ActivePlayer` when it changed), then `NowPlayingChanged` with the whole new state.
  package func announce(_ change: Change) {
    let active = change.now.active?.busName ?? ""
    let activeChanged = active != (change.before.active?.busName ?? "")
    do {
      try connection.emitPropertiesChanged(
        path: HubAddress.path, interface: Hub1.interface,
        properties: activeChanged
          ? [Hub1.Property.activePlayer, Hub1.Property.players] : [Hub1.Property.players])
      try connection.emitSignal(
        path: HubAddress.path, interface: Hub1.interface, member: Hub1.Signal.nowPlayingChanged,
        arguments: [.string(active), .strings(change.now.players.map(\.busName))])
    } catch {
      logger.error("could not announce the change", metadata: ["error": "\(error)"])
    }
  }
}

extension Hub {
  /// Announces a new proxy status on the hub's interface.
  package func announce(_ status: ProxyPublication.Status) {
    do {
      try connection.emitPropertiesChanged(
        path: HubAddress.path, interface: Hub1.interface,
        properties: [Hub1.Property.proxyMode, Hub1.Property.proxyPublished, Hub1.Property.proxyReason])
    } catch {
      logger.error("could not announce the proxy's status", metadata: ["error": "\(error)"])
    }
  }
}
