import BusTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import Testing
import WebRemote

/// The WebSocket `/api/events` as the tests use it: connect with the device's key as a bearer
/// (a loopback program's way; the page's signed upgrade is `SignedDevice.eventsUpgrade`) and
/// the page's Origin, read JSON messages until one matches.
enum EventsClient {
  /// The client configuration: the bearer, and the Origin (the page's own by default).
  static func configuration(token: String?, port: Int, origin: String? = nil) -> WebSocketClientConfiguration
  {
    var headers: HTTPFields = [:]
    if let token { headers[.authorization] = "Bearer \(token)" }
    headers[.origin] = origin ?? "http://localhost:\(port)"
    return WebSocketClientConfiguration(maxFrameSize: 1 << 20, additionalHeaders: headers)
  }

  /// The next message whose JSON object satisfies `predicate`, within `timeout`.
  static func next(
    _ iterator: inout WebSocketInboundMessageStream.AsyncIterator, within timeout: Duration = .seconds(10),
    where predicate: ([String: Any]) -> Bool = { _ in true }
  ) async throws -> [String: Any] {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard let message = try await iterator.next() else { throw TestFailure("the socket closed") }
      guard case .text(let text) = message,
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      else { throw TestFailure("not a JSON object: \(message)") }
      if predicate(object) { return object }
    }
    throw TestFailure("no matching message within \(timeout)")
  }

  /// Pairs a device as its page does, waits until `player` has a snapshot, opens the events
  /// socket with the device's bearer and the page's Origin, and runs `body` with the first
  /// message (which must be the snapshot), the rest of the messages and the writer; then
  /// closes the socket normally.
  static func session(
    _ harness: WebRemoteHarness, _ client: any TestClientProtocol, player: String = "podcasts",
    _ body:
      @escaping @Sendable (
        _ snapshot: [String: Any], _ messages: inout WebSocketInboundMessageStream.AsyncIterator,
        _ outbound: WebSocketOutboundWriter
      ) async throws -> Void
  ) async throws {
    let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
    _ = try await WebRemoteAPI.snapshot(client, player, token: token)
    let port = try #require(client.port)
    try await client.ws("/api/events", configuration: configuration(token: token, port: port)) {
      inbound, outbound, _ in
      var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
      let snapshot = try await next(&messages)
      guard snapshot["type"] as? String == "snapshot" else {
        throw TestFailure("the socket did not start with the snapshot but with \(snapshot)")
      }
      try await body(snapshot, &messages, outbound)
      try await outbound.close(.normalClosure, reason: nil)
    }
  }
}
