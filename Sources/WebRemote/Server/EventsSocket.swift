import HubSupport
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// One client of `/api/events`: the directory's messages out, its commands in, each answered
/// with an acknowledgement; floods, oversized frames and clients that stop reading are closed.
///
/// Everything the socket sends but its closing frame goes through one ordered queue, the
/// directory's stream of this client, written by one task: the order a client reads is the
/// order the messages were queued in, whatever the scheduling of the tasks that queued them.
///
/// On a socket whose upgrade was signed, every client message is signed with the socket's key
/// (``RequestSignature/socketKey(deviceKey:)``): `{"seq": N, "signed": "<the message's JSON>",
/// "mac": HMAC-SHA-256(socket key, N + "\n" + signed) in hexadecimal}`, N counting up. A frame
/// sent again — on this socket (its N is not above the last) or on another (another key) — is
/// refused with `unauthorized`, as is an unsigned or wrongly signed one.
struct EventsSocket: Sendable {
  let directory: PlayerDirectory
  let deviceID: String
  /// The socket's key; `nil` for a loopback program's socket authenticated by a bearer.
  var socketKey: [UInt8]?
  /// Where the reader runs: the web remote's `socketExecutor`, the hub's bus thread; `nil`:
  /// Swift's pool.
  let executor: (any TaskExecutor)?
  let logger: Logger

  /// Serves the socket until either side ends it.
  ///
  /// The writer runs in the socket's own task and the reader in one child task: every task a
  /// socket holds keeps its async stack, and a hub with a thousand clients holds a thousand of
  /// each. The reader ends the writer by ending the client's stream; the writer, when the
  /// directory ended it, cancels the reader.
  ///
  /// The reader prefers ``executor``: a press is read and sent to its player on the thread that
  /// talks to the player, one hand-over fewer. The writer stays on Swift's pool, so that a change
  /// written to a thousand clients is written from every core, not from that one thread.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    let (subscriber, messages) = directory.subscribe(deviceID: deviceID)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask(executorPreference: executor) {
        // Whichever way the reading ends, the client's stream ends, and with it the writer. The
        // group ends only after the reader, so this is the one place the client is forgotten,
        // the writer's failure included (the group cancels the reader then).
        defer { directory.unsubscribe(subscriber) }
        if try await read(inbound, subscriber: subscriber) {
          try await outbound.close(
            .policyViolation, reason: "more than \(WebRemoteLimits.maximumMessages) messages in 10 s")
        }
      }
      for await message in messages { try await outbound.write(.text(message)) }
      switch directory.closeReason(subscriber) {
      case .overflow?: try await outbound.close(.policyViolation, reason: "too far behind")
      case .revoked?: try await outbound.close(.unknown(4001), reason: "device revoked")
      case .shutdown?: try await outbound.close(.goingAway, reason: "the hub stops")
      case nil: break
      }
      group.cancelAll()
    }
  }

  /// Reads the client's messages until it closes; returns true when it floods. A message over
  /// 64 KiB ends the reading with the library's error, which closes the socket with 1009.
  private func read(
    _ inbound: WebSocketInboundStream, subscriber: UInt64
  ) async throws -> Bool {
    var recent: [ContinuousClock.Instant] = []
    var lastSequence: Int64 = 0
    let pending = PendingCommands()
    for try await message in inbound.messages(maxSize: WebRemoteLimits.maximumBody) {
      let now = ContinuousClock.now
      recent.append(now)
      while let first = recent.first, now - first >= WebRemoteLimits.floodWindow { recent.removeFirst() }
      if recent.count > WebRemoteLimits.maximumMessages {
        logger.notice("a WebSocket client floods; closing it", metadata: ["device": "\(deviceID)"])
        return true
      }
      handle(message, subscriber: subscriber, pending: pending, lastSequence: &lastSequence)
    }
    return false
  }

  private func handle(
    _ message: WebSocketMessage, subscriber: UInt64, pending: PendingCommands, lastSequence: inout Int64
  ) {
    let bytes: [UInt8]
    switch message {
    case .text(let text): bytes = Array(text.utf8)
    case .binary(let buffer): bytes = Array(buffer.readableBytesView)
    }
    var json: JSONValue
    do {
      json = try JSONValue.parseBody(bytes)
      if let socketKey { json = try Self.opened(json, key: socketKey, after: &lastSequence) }
    } catch {
      directory.send(Self.error(error, id: nil), to: subscriber)
      return
    }
    let id = json["id"]?.stringValue
    switch json["type"]?.stringValue {
    case "resync"?:
      directory.resync(subscriber)
    case "command"?:
      guard let id, !id.isEmpty, id.count <= WebRemoteLimits.maximumCommandID else {
        directory.send(
          Self.error(
            APIError(.badRequest, "a command needs an \"id\", a string of 1 to 64 characters"), id: nil),
          to: subscriber)
        return
      }
      let command: Command
      let player: String
      do throws(APIError) {
        guard let name = json["player"]?.stringValue else {
          throw APIError(.badRequest, "a command needs \"player\", a player's id")
        }
        player = name
        guard let commandName = json["command"]?.stringValue else {
          throw APIError(.badRequest, "a command needs \"command\", such as \"play\"")
        }
        command = try Command(name: commandName, arguments: json["arguments"])
      } catch {
        directory.send(Self.ack(id: id, error), to: subscriber)
        return
      }
      guard pending.start() else {
        directory.send(
          Self.ack(
            id: id,
            APIError(
              .rateLimited,
              "\(WebRemoteLimits.maximumPendingCommands) commands already await their acknowledgement")),
          to: subscriber)
        return
      }
      // Answered on the hub's bus thread as the player's reply is taken in, and sent through the
      // socket's one queue, behind the changes the player announced before its answer (the
      // directory queued them when the view took them in): one writer, so the client reads the
      // change, then the acknowledgement.
      let directory = directory
      directory.perform(command, on: player) { failure in
        pending.finished()
        directory.send(Self.ack(id: id, failure), to: subscriber)
      }
    case "lockScreen"?:
      lockScreen(json, id: id, subscriber: subscriber)
    case let type?:
      directory.send(
        Self.error(
          APIError(.badRequest, "unknown message type \"\(type)\"; send command, resync or lockScreen"),
          id: id),
        to: subscriber)
    case nil:
      directory.send(
        Self.error(
          APIError(.badRequest, "a message needs a \"type\": command, resync or lockScreen"), id: id),
        to: subscriber)
    }
  }

  /// The message inside the signed frame `envelope`, once its `mac` is right and its `seq`
  /// above `lastSequence` (which becomes it).
  static func opened(_ envelope: JSONValue, key: [UInt8], after lastSequence: inout Int64) throws(APIError)
    -> JSONValue
  {
    guard let signed = envelope["signed"]?.stringValue, let mac = envelope["mac"]?.stringValue,
      let sequence = envelope["seq"]?.doubleValue, sequence == sequence.rounded(), sequence >= 1,
      sequence < 9e15
    else {
      throw APIError(
        .unauthorized,
        "on a signed socket every message is {\"seq\", \"signed\", \"mac\"}, signed with the socket's key")
    }
    let number = Int64(sequence)
    let text = "\(number)\n\(signed)"
    guard ConstantTime.equal(RequestSignature.hmac(key: key, text), mac.lowercased()) else {
      throw APIError(.unauthorized, "the message's mac is wrong: it was not signed with this socket's key")
    }
    guard number > lastSequence else {
      throw APIError(
        .unauthorized, "message \(number) was sent already on this socket (the last was \(lastSequence))")
    }
    lastSequence = number
    return try JSONValue.parseBody(Array(signed.utf8))
  }

  /// `{"type": "lockScreen", "player": ID or null}`: the player the page hands to its browser's
  /// Media Session, or none; acknowledged when it has an `id`.
  private func lockScreen(_ json: JSONValue, id: String?, subscriber: UInt64) {
    let busName: String?
    switch json["player"] {
    case nil, .null?:
      busName = nil
    case .string(let player)?:
      guard let record = directory.record(player) else {
        let error = APIError(.unknownPlayer, "no player \"\(player)\" to show on the lock screen")
        directory.send(id.map { Self.ack(id: $0, error) } ?? Self.error(error, id: nil), to: subscriber)
        return
      }
      busName = record.busName
    default:
      let error = APIError(.badRequest, "lockScreen needs \"player\", a player's id or null")
      directory.send(id.map { Self.ack(id: $0, error) } ?? Self.error(error, id: nil), to: subscriber)
      return
    }
    directory.lockScreens.set(deviceID: deviceID, busName: busName)
    if let id { directory.send(Self.ack(id: id, nil), to: subscriber) }
  }

  private static func ack(id: String, _ error: APIError?) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("type", .string("ack")), ("id", .string(id)), ("ok", .bool(error == nil)),
    ]
    if let error { members.append(("error", error.json)) }
    return .object(members)
  }

  private static func error(_ error: APIError, id: String?) -> JSONValue {
    var members: [(String, JSONValue)] = [("type", .string("error"))]
    if let id { members.append(("id", .string(id))) }
    members.append(("error", error.json))
    return .object(members)
  }
}

/// How many commands of one socket await their acknowledgement.
///
/// A command holds no task while it waits: the player's reply answers it on the hub's bus
/// thread. A command still under way when the socket closes is answered into a stream that is
/// gone, and its acknowledgement dropped.
private final class PendingCommands: Sendable {
  private let count = Atomic<Int>(0)

  /// Counts one more command under way, unless ``WebRemoteLimits/maximumPendingCommands`` are
  /// already; says whether it did.
  func start() -> Bool {
    var current = count.load(ordering: .relaxed)
    while current < WebRemoteLimits.maximumPendingCommands {
      let (exchanged, original) = count.compareExchange(
        expected: current, desired: current + 1, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// One command was answered.
  func finished() {
    count.subtract(1, ordering: .relaxed)
  }
}
