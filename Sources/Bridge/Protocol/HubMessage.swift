import HubSupport
import RemoteControl

/// A message the hub sends a client.
enum HubMessage: Sendable, Hashable {
  /// `welcome`: the answer to `hello`, with the connection's limits.
  case welcome(id: JSONValue?, limits: BridgeLimits, heartbeatInterval: Duration)
  /// `registered`: the player owns its bus name.
  case registered(id: JSONValue?, player: String, busName: String)
  /// `unregistered`: the player left the bus.
  case unregistered(id: JSONValue?, player: String)
  /// `action`: perform an action; `details` is the Media Session's `MediaSessionActionDetails`.
  case action(player: String, command: String, details: ActionDetails)
  /// `pong`: the answer to `ping`.
  case pong(id: JSONValue?)
  /// `ok`: the message with this `id` was applied.
  case ok(id: JSONValue)
  /// `error`: a message was refused.
  case error(ProtocolError, id: JSONValue?, player: String?)

  /// The version of the protocol this hub speaks.
  static let version = 1

  /// The message as JSON text.
  var text: String {
    var members: [String: JSONValue]
    switch self {
    case .welcome(let id, let limits, let heartbeatInterval):
      members = [
        "type": .string("welcome"), "version": .integer(Int64(Self.version)),
        "heartbeat": .object(["interval": .shortestNumber(heartbeatInterval / .seconds(1))]),
        "limits": .object([
          "players": .integer(Int64(limits.players)),
          "messagesPerSecond": .shortestNumber(limits.messagesPerSecond),
          "messageBurst": .integer(Int64(limits.messageBurst)),
          "messageBytes": .integer(Int64(limits.messageBytes)),
          "metadataBytes": .integer(Int64(limits.metadataBytes)),
          "artworkCount": .integer(Int64(limits.artworkCount)),
          "artworkBytes": .integer(Int64(limits.artworkBytes)),
          "artworkFetchSeconds": .shortestNumber(limits.artworkFetchTime / .seconds(1)),
        ]),
      ]
      members["id"] = id
    case .registered(let id, let player, let busName):
      members = ["type": .string("registered"), "player": .string(player), "busName": .string(busName)]
      members["id"] = id
    case .unregistered(let id, let player):
      members = ["type": .string("unregistered"), "player": .string(player)]
      members["id"] = id
    case .action(let player, let command, let details):
      members = [
        "type": .string("action"), "player": .string(player), "command": .string(command),
        "details": details.json,
      ]
    case .pong(let id):
      members = ["type": .string("pong")]
      members["id"] = id
    case .ok(let id):
      members = ["type": .string("ok"), "id": id]
    case .error(let error, let id, let player):
      members = [
        "type": .string("error"), "code": .string(error.code.rawValue), "message": .string(error.message),
      ]
      members["id"] = id
      members["player"] = player.map(JSONValue.string)
      if error.code == .unsupportedVersion { members["supported"] = .array([.integer(Int64(Self.version))]) }
    }
    return JSONValue.object(members).text
  }
}
