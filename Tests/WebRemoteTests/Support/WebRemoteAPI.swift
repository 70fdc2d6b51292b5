import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import WebRemote

/// The web remote's API as the tests call it: requests with a device's key as a bearer (on
/// loopback), JSON answers.
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

  /// Pairs as the page does, with the link's code and key: a request signed with the key,
  /// which is not sent. Returns the device; its key is its bearer on loopback.
  static func pairDevice(_ client: some TestClientProtocol, code: PairingCode, name: String = "Test phone")
    async throws -> SignedDevice
  {
    let body = #"{"name": "\#(name)"}"#
    let pairing = SignedDevice(pairing: code)
    let response = try await client.execute(
      uri: "/api/pair", method: .post,
      headers: [
        .contentType: "application/json",
        .authorization: pairing.authorization("POST", "/api/pair", body: body),
      ],
      body: ByteBuffer(string: body))
    guard response.status == .ok else {
      throw TestFailure("pairing answered \(response.status): \(String(buffer: response.body))")
    }
    let answer = try object(response)
    guard let id = (answer["device"] as? [String: Any])?["id"] as? String else {
      throw TestFailure("no device id")
    }
    guard answer["token"] == nil, response.headers[.setCookie] == nil else {
      throw TestFailure("pairing answered a token or a cookie: \(answer)")
    }
    return SignedDevice(id: id, key: code.key)
  }

  /// Pairs with `code` and returns the device's key, which a program on loopback may send as
  /// `Authorization: Bearer`.
  static func pair(_ client: some TestClientProtocol, code: PairingCode) async throws -> String {
    try await pairDevice(client, code: code).key
  }

  /// `GET path` with `token` (and `origin`, when given); the response (any status).
  static func get(_ client: some TestClientProtocol, _ path: String, token: String?, origin: String? = nil)
    async throws -> TestResponse
  {
    var extra: HTTPFields = [:]
    if let origin { extra[.origin] = origin }
    return try await client.execute(uri: path, method: .get, headers: headers(token: token, extra: extra))
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

  /// `GET path` signed by `device` as the page signs it (with `origin`, when given); the
  /// response (any status).
  static func get(
    _ client: some TestClientProtocol, _ path: String, as device: SignedDevice, origin: String? = nil
  ) async throws -> TestResponse {
    var headers: HTTPFields = [.authorization: device.authorization("GET", path)]
    if let origin { headers[.origin] = origin }
    return try await client.execute(uri: path, method: .get, headers: headers)
  }

  /// `POST path` with `body` (JSON), signed by `device` as the page signs it.
  static func post(
    _ client: some TestClientProtocol, _ path: String, as device: SignedDevice, body: String? = nil,
    headers extra: HTTPFields = [:]
  ) async throws -> TestResponse {
    var headers = extra
    headers[.authorization] = device.authorization("POST", path, body: body ?? "")
    if body != nil { headers[.contentType] = "application/json" }
    return try await client.execute(
      uri: path, method: .post, headers: headers, body: body.map { ByteBuffer(string: $0) })
  }

  /// The snapshot of player `id`, once it is loaded, read with signed requests.
  static func snapshot(_ client: some TestClientProtocol, _ id: String, as device: SignedDevice) async throws
    -> [String: Any]
  {
    try await eventually("the web remote's snapshot of \(id)") { () async throws -> [String: Any]? in
      let response = try await get(client, "/api/players/\(id)", as: device)
      return response.status == .ok ? try object(response) : nil
    }
  }

  /// The `error.code` of an error response, and that the response says `"ok": false`.
  static func refusal(_ response: TestResponse) throws -> String? {
    let object = try object(response)
    guard object["ok"] as? Bool == false else {
      throw TestFailure("an error without \"ok\": false: \(object)")
    }
    return (object["error"] as? [String: Any])?["code"] as? String
  }
}
