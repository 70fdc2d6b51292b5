import HubSupport
import Logging
import RemoteControl
import RemoteControlMPRIS

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One client connection: whether it said hello, its players, and what it is sent.
///
/// It applies the client's messages in order, on the main actor (where the players'
/// applications live), and sends its answers through the `send` given to ``init(hub:access:send:)``.
@MainActor
final class BridgeSession {
  private let hub: BridgeHub
  private let access: ConnectionAccess
  private let send: @Sendable (HubMessage) -> Void
  private var greeted = false
  private var players: [String: BridgedPlayer] = [:]
  /// The bus name of each player on the bus, by player name.
  private var busNames: [String: String] = [:]

  /// Creates the session of a connection let in with `access`.
  init(hub: BridgeHub, access: ConnectionAccess, send: @escaping @Sendable (HubMessage) -> Void) {
    self.hub = hub
    self.access = access
    self.send = send
  }

  /// Applies a message, answers it, and says whether the connection must close.
  ///
  /// - Returns: The fatal error that ends the connection, if any.
  func apply(_ parsed: ParsedMessage) async -> ProtocolError? {
    do {
      let message = try parsed.result.get()
      try await apply(message, id: parsed.id)
      return nil
    } catch {
      send(.error(error, id: parsed.id, player: parsed.player))
      return error.code.isFatal ? error : nil
    }
  }

  /// Tells the client why it is refused, without reading anything from it.
  func refuse(_ error: ProtocolError) {
    send(.error(error, id: nil, player: nil))
  }

  /// Removes every player of the connection from the bus.
  func close() async {
    let all = Array(players.values)
    players = [:]
    for player in all { player.cancel() }
    for player in all {
      await player.stop()
      removed(player.name)
    }
  }

  private func apply(_ message: ClientMessage, id: JSONValue?) async throws(ProtocolError) {
    if case .hello(let version, let token, let client) = message {
      try hello(version: version, token: token, client: client)
      send(
        .welcome(
          id: id, limits: hub.configuration.limits, heartbeatInterval: hub.configuration.heartbeatInterval))
      return
    }
    guard greeted else {
      throw ProtocolError(.helloRequired, "the first message must be hello, with the protocol version")
    }
    switch message {
    case .hello: break
    case .ping:
      send(.pong(id: id))
      return
    case .register(let registration):
      let busName = try await register(registration)
      send(.registered(id: id, player: registration.player, busName: busName))
      return
    case .unregister(let name):
      let player = try self.player(name, "unregister")
      players[name] = nil
      await player.stop()
      removed(name)
      send(.unregistered(id: id, player: name))
      return
    case .metadata(let name, let metadata):
      let player = try self.player(name, "metadata")
      if let pending = player.setMetadata(metadata) {
        fetch(pending.url, for: player, generation: pending.generation)
      }
    case .actions(let name, let actions):
      try self.player(name, "actions").setActions(actions)
    case .positionState(let name, let state):
      try self.player(name, "positionState").setPositionState(state)
    case .playbackState(let name, let state):
      try self.player(name, "playbackState").setPlaybackState(state)
    }
    if let id { send(.ok(id: id)) }
  }

  private func hello(version: Int, token: String?, client: String?) throws(ProtocolError) {
    guard !greeted else { throw ProtocolError(.alreadyGreeted, "hello: this connection already said hello") }
    guard version == HubMessage.version else {
      throw ProtocolError(
        .unsupportedVersion,
        "hello: version \(version) is not spoken here; this hub speaks version \(HubMessage.version)")
    }
    if let token {
      guard let expected = hub.configuration.token, ConstantTime.equal(token, expected) else {
        throw ProtocolError(.unauthorized, "hello: the token is wrong; read it again from the token file")
      }
    } else if access.needsToken {
      throw ProtocolError(
        .unauthorized,
        "hello: a program connecting over TCP must give the token from $XDG_RUNTIME_DIR/remotectld/bridge-token"
      )
    }
    greeted = true
    hub.logger.info(
      "bridge client greeted", metadata: ["client": "\(client ?? "unnamed")", "access": "\(access)"])
  }

  private func register(_ registration: ClientMessage.Registration) async throws(ProtocolError) -> String {
    guard players[registration.player] == nil else {
      throw ProtocolError(
        .playerExists, "register: this connection already has a player \"\(registration.player)\"")
    }
    let configuration = hub.configuration
    guard players.count < configuration.limits.players else {
      throw ProtocolError(
        .tooManyPlayers, "register: this connection has \(players.count) players, the limit")
    }
    let name = registration.player
    let send = send
    let player = BridgedPlayer(name: name, artworkDirectory: configuration.artworkDirectory, send: send)
    players[name] = player
    let busName: String
    do {
      busName = try await player.start(
        MediaPlayerConfiguration(
          playerName: registration.appID, identity: registration.identity,
          desktopEntry: registration.desktopEntry,
          bus: configuration.busAddress.map(MediaPlayerConfiguration.Bus.address) ?? .session,
          instanceNumber: hub.nextInstanceNumber()),
        on: hub.connectionThread, logger: hub.logger)
    } catch {
      players[name] = nil
      await player.stop()
      throw error
    }
    // A connection closed meanwhile has stopped the player already.
    if players[name] === player {
      busNames[name] = busName
      hub.published(busName, true)
    }
    return busName
  }

  /// Notes that the player `name` is off the bus.
  private func removed(_ name: String) {
    guard let busName = busNames.removeValue(forKey: name) else { return }
    hub.published(busName, false)
  }

  private func player(_ name: String, _ type: String) throws(ProtocolError) -> BridgedPlayer {
    guard let player = players[name] else {
      throw ProtocolError(.unknownPlayer, "\(type): this connection has registered no player \"\(name)\"")
    }
    return player
  }

  private func fetch(_ url: URL, for player: BridgedPlayer, generation: Int) {
    let fetcher = hub.fetcher
    let send = send
    player.artworkFetch = Task { @MainActor in
      do throws(ArtworkFetcher.Failure) {
        let data = try await fetcher.fetch(url)
        player.setFetchedArtwork(data, generation: generation)
      } catch {
        guard player.isCurrent(generation: generation), !Task.isCancelled else { return }
        send(
          .error(
            ProtocolError(
              .artworkUnavailable,
              "metadata: the picture at \(url.absoluteString.prefix(256)) could not be had: \(error.reason)"),
            id: nil, player: player.name))
      }
    }
  }
}
