import DBus
import Logging
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
  /// - `ProxyMode` (`s`: auto, on or off), `ProxyPublished` (`b`) and `ProxyReason` (`s`),
  ///   announced: whether the hub publishes MPRIS names of its own (the proxy player and
  ///   playerctld's) and why.
  func hubInterface(proxyStatus: @escaping @Sendable () -> ProxyPublication.Status) -> Interface {
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
        Interface.Property("ProxyMode", "s") { .string(proxyStatus().mode.rawValue) },
        Interface.Property("ProxyPublished", "b") { .bool(proxyStatus().isPublished) },
        Interface.Property("ProxyReason", "s") { .string(proxyStatus().reason) },
      ],
      signals: [
        Interface.Signal("NowPlayingChanged", "sas", argumentNames: ["active", "players"])
      ])
  }

  // MARK: - Methods

  /// Applies `event` (shift, unshift) and answers `call` with the active player's bus name, or
  /// with the error `noPlayer` when there is none.
  func pin(_ event: Arbiter.Event, call: MethodCall, noPlayer: BusError.Name, _ message: String) {
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
          HubNames.unknownPlayerError,
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
  func announce(_ change: Change) {
    let active = change.now.active?.busName ?? ""
    let activeChanged = active != (change.before.active?.busName ?? "")
    do {
      try connection.emitPropertiesChanged(
        path: HubNames.path, interface: HubNames.interface,
        properties: activeChanged ? ["ActivePlayer", "Players"] : ["Players"])
      try connection.emitSignal(
        path: HubNames.path, interface: HubNames.interface, member: "NowPlayingChanged",
        arguments: [.string(active), .strings(change.now.players.map(\.busName))])
    } catch {
      logger.error("could not announce the change", metadata: ["error": "\(error)"])
    }
  }
}

extension Hub {
  /// Announces a new proxy status on the hub's interface.
  func announce(_ status: ProxyPublication.Status) {
    do {
      try connection.emitPropertiesChanged(
        path: HubNames.path, interface: HubNames.interface,
        properties: ["ProxyMode", "ProxyPublished", "ProxyReason"])
    } catch {
      logger.error("could not announce the proxy's status", metadata: ["error": "\(error)"])
    }
  }
}
