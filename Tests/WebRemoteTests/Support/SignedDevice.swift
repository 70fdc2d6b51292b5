import Foundation
import WebRemote

/// A paired device as the page is one: its id and key, signing each request afresh (a time, a
/// nonce) as `js/signing.js` does.
struct SignedDevice: Sendable {
  /// The device's id (while pairing: the pairing code).
  let id: String
  /// The key, as the pairing link carries it (base64url): also the device's bearer on loopback.
  let key: String

  /// The device that pairing `code` makes.
  init(pairing code: PairingCode) {
    self.init(id: code.text, key: code.key)
  }

  init(id: String, key: String) {
    self.id = id
    self.key = key
  }

  /// The key's bytes.
  var keyBytes: [UInt8] { Base64URL.decode(key) ?? [] }

  /// The hub's clock: milliseconds since the Unix epoch.
  static func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

  /// A fresh nonce: 16 random bytes in hexadecimal.
  static func nonce() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
      .joined()
  }

  /// The `RemoteHMAC` value for a request.
  func signature(
    _ method: String, _ target: String, body: String = "", time: Int64 = SignedDevice.now(),
    nonce: String = SignedDevice.nonce()
  ) -> String {
    RequestSignature.sign(
      id: id, key: keyBytes, method: method, target: target, body: Array(body.utf8), time: time, nonce: nonce)
  }

  /// The `Authorization` header's value for a request.
  func authorization(
    _ method: String, _ target: String, body: String = "", time: Int64 = SignedDevice.now(),
    nonce: String = SignedDevice.nonce()
  ) -> String {
    "RemoteHMAC " + signature(method, target, body: body, time: time, nonce: nonce)
  }

  /// The WebSocket's signed path and the socket's key.
  func eventsUpgrade(time: Int64 = SignedDevice.now()) -> (path: String, socketKey: [UInt8]) {
    let nonce = Self.nonce()
    let path = "/api/events?auth=" + signature("GET", "/api/events", time: time, nonce: nonce)
    return (path, RequestSignature.socketKey(deviceKey: keyBytes, nonce: nonce))
  }
}
