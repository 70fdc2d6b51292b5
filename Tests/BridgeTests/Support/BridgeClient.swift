import BusTestSupport
import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOWebSocket
import Synchronization

/// A bridge client for tests: a WebSocket client (Hummingbird's) connected to the hub over
/// loopback TCP, that sends JSON text and keeps every message it receives with the moment it
/// arrived.
final class BridgeClient: Sendable {
  /// One message received.
  struct Received: Sendable, CustomStringConvertible {
    /// The JSON text.
    var text: String
    /// When it arrived.
    var arrival: ContinuousClock.Instant

    /// The members of the JSON object.
    var object: [String: Any] {
      (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
    /// The `type` member.
    var type: String { object["type"] as? String ?? "" }
    /// A string member.
    subscript(member: String) -> String? { object[member] as? String }
    /// The `details` member of an `action`.
    var details: [String: Any] { object["details"] as? [String: Any] ?? [:] }
    /// The action of an `action`.
    var action: String? { details["action"] as? String }
    var description: String { text }
  }

  private struct State {
    var received: [Received] = []
    var closed = false
    var read = 0
  }

  /// The received messages, shared with the connection's task.
  private final class Inbox: Sendable {
    let state = Mutex(State())
  }

  private let inbox = Inbox()
  private let outbox: AsyncStream<String>.Continuation
  private let task: Task<Void, Never>

  /// Connects to `url` (`ws://127.0.0.1:PORT/bridge`) with extra upgrade request headers (an
  /// `Origin`, say) and waits until the connection is up.
  static func connect(_ url: String, headers: HTTPFields = [:]) async throws -> BridgeClient {
    let client = BridgeClient(url, headers: headers)
    try await client.send(#"{"type":"ping","id":"connected"}"#, waitingFor: "connected")
    return client
  }

  /// Connects without waiting for anything: for connections the hub refuses.
  static func open(_ url: String, headers: HTTPFields = [:]) -> BridgeClient {
    BridgeClient(url, headers: headers)
  }

  private init(_ url: String, headers: HTTPFields) {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    outbox = continuation
    let inbox = inbox
    task = Task {
      _ = try? await WebSocketClient.connect(
        url: url,
        configuration: WebSocketClientConfiguration(maxFrameSize: 8 << 20, additionalHeaders: headers),
        logger: Logger(label: "BridgeClient")
      ) { inbound, outbound, _ in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            for await text in stream { try await outbound.write(.text(text)) }
            try await outbound.close(.normalClosure, reason: nil)
          }
          for try await message in inbound.messages(maxSize: 8 << 20) {
            guard case .text(let text) = message else { continue }
            let arrival = ContinuousClock.now
            inbox.state.withLock { $0.received.append(Received(text: text, arrival: arrival)) }
          }
          group.cancelAll()
        }
      }
      inbox.state.withLock { $0.closed = true }
    }
  }

  deinit {
    outbox.finish()
    task.cancel()
  }

  /// Sends one text message.
  func send(_ text: String) {
    outbox.yield(text)
  }

  /// Sends one message built from `members`.
  func send(_ members: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: members) else { return }
    send(String(decoding: data, as: UTF8.self))
  }

  /// Sends `text` and waits for the answer carrying the id `id`.
  @discardableResult
  func send(_ text: String, waitingFor id: String, within timeout: Duration = .seconds(10)) async throws
    -> Received
  {
    send(text)
    return try await next(within: timeout) { ($0.object["id"] as? String) == id }
  }

  /// Sends `members` with the id `id` and waits for its answer.
  @discardableResult
  func request(_ members: [String: Any], id: String, within timeout: Duration = .seconds(10)) async throws
    -> Received
  {
    var members = members
    members["id"] = id
    send(members)
    return try await next(within: timeout) { ($0.object["id"] as? String) == id }
  }

  /// Says hello (with `token` when given) and waits for `welcome`.
  @discardableResult
  func hello(token: String?) async throws -> Received {
    var members: [String: Any] = ["type": "hello", "version": 1]
    members["token"] = token
    let answer = try await request(members, id: "hello")
    guard answer.type == "welcome" else { throw TestFailure("hello was answered \(answer)") }
    return answer
  }

  /// Registers `player` and waits until it owns its bus name; returns the name.
  @discardableResult
  func register(_ player: String = "main", appID: String, identity: String = "Bridged") async throws -> String
  {
    let answer = try await request(
      ["type": "register", "player": player, "appId": appID, "identity": identity], id: "register-\(player)")
    guard answer.type == "registered", let busName = answer["busName"] else {
      throw TestFailure("register was answered \(answer)")
    }
    return busName
  }

  /// Sends a message about `player` and waits until it is applied (`ok`).
  func apply(_ members: [String: Any], id: String = UUID().uuidString) async throws {
    let answer = try await request(members, id: id)
    guard answer.type == "ok" else { throw TestFailure("\(members["type"] ?? "?") was answered \(answer)") }
  }

  /// The next message not read yet that satisfies `predicate`; the ones before it are read too.
  func next(
    within timeout: Duration = .seconds(10), where predicate: @escaping (Received) -> Bool = { _ in true }
  ) async throws -> Received {
    try await eventually("a bridge message", within: timeout) { () -> Received? in
      inbox.state.withLock { state in
        while state.read < state.received.count {
          let message = state.received[state.read]
          state.read += 1
          if predicate(message) { return message }
        }
        return nil
      }
    }
  }

  /// The next `action` message.
  func nextAction(within timeout: Duration = .seconds(10)) async throws -> Received {
    try await next(within: timeout) { $0.type == "action" }
  }

  /// Every message received so far.
  var received: [Received] { inbox.state.withLock { $0.received } }

  /// Whether the hub closed the connection.
  var isClosed: Bool { inbox.state.withLock { $0.closed } }

  /// Closes the connection and waits until it is closed.
  func close() async {
    outbox.finish()
    await task.value
  }
}
