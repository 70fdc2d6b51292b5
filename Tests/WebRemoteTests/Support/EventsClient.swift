import BusTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting

/// The WebSocket `/api/events` as the tests use it: connect with the device's cookie and the
/// page's Origin, read JSON messages until one matches.
enum EventsClient {
  /// The client configuration: the cookie, and the Origin (the page's own by default).
  static func configuration(token: String?, port: Int, origin: String? = nil) -> WebSocketClientConfiguration
  {
    var headers: HTTPFields = [:]
    if let token { headers[.cookie] = "remote_device=\(token)" }
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
}
