import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import WebRemote

/// The web remote's API as the tests call it: requests with a device token, JSON answers.
enum WebRemoteAPI {
  /// The headers of a paired request: `Authorization: Bearer TOKEN`.
  static func headers(token: String?, extra: HTTPFields = [:]) -> HTTPFields {
    var headers = extra
    if let token { headers[.authorization] = "Bearer \(token)" }
    return headers
  }

  /// The JSON object of a response body.
  static func object(_ response: TestResponse) throws -> [String: Any] {
    let data = Data(response.body.readableBytesView)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw TestFailure("not a JSON object: \(String(decoding: data, as: UTF8.self))")
    }
    return object
  }

  /// The `error.code` of an error response.
  static func errorCode(_ response: TestResponse) throws -> String? {
    (try object(response)["error"] as? [String: Any])?["code"] as? String
  }

  /// Pairs with `code` and returns the token, checking the cookie is set as documented.
  static func pair(_ client: some TestClientProtocol, code: String) async throws -> String {
    let response = try await client.execute(
      uri: "/api/pair", method: .post, headers: [.contentType: "application/json"],
      body: ByteBuffer(string: #"{"code": "\#(code)", "name": "Test phone"}"#))
    guard response.status == .ok else {
      throw TestFailure("pairing answered \(response.status): \(String(buffer: response.body))")
    }
    guard let token = try object(response)["token"] as? String else { throw TestFailure("no token") }
    let cookie = response.headers[.setCookie] ?? ""
    guard cookie.hasPrefix("remote_device=\(token);"), cookie.contains("HttpOnly"),
      cookie.contains("SameSite=Strict")
    else { throw TestFailure("the cookie is not as documented: \(cookie)") }
    return token
  }

  /// `GET path` with `token`; the JSON object answered (any status).
  static func get(_ client: some TestClientProtocol, _ path: String, token: String?) async throws
    -> TestResponse
  {
    try await client.execute(uri: path, method: .get, headers: headers(token: token))
  }

  /// `POST path` with `token` and `body`.
  static func post(
    _ client: some TestClientProtocol, _ path: String, token: String?, body: String? = nil,
    headers extra: HTTPFields = [:]
  ) async throws -> TestResponse {
    try await client.execute(
      uri: path, method: .post, headers: headers(token: token, extra: extra),
      body: body.map { ByteBuffer(string: $0) })
  }

  /// The snapshot of player `id`, once it is loaded.
  static func snapshot(_ client: some TestClientProtocol, _ id: String, token: String) async throws
    -> [String: Any]
  {
    try await eventually("the web remote's snapshot of \(id)") { () async throws -> [String: Any]? in
      let response = try await get(client, "/api/players/\(id)", token: token)
      return response.status == .ok ? try object(response) : nil
    }
  }

  /// The player's PlaybackStatus as playerctl reads it.
  static func playerctlStatus(_ bus: PrivateBus, _ player: String) async throws -> String {
    try await bus.run("playerctl", ["-p", player, "status"]).output.trimmingCharacters(
      in: .whitespacesAndNewlines)
  }
}
