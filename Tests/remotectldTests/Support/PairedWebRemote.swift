import BusTestSupport
import Foundation
import WebRemote

/// A device paired with the hub's web remote through `remotectl pair`'s link, as the page pairs
/// (`POST /api/pair` signed with the link's code and key); on loopback the key is also the
/// device's bearer token for the HTTP API.
struct PairedWebRemote: Sendable {
  /// The web remote's URL, ending in `/`.
  let base: String
  /// The device's key, its bearer token.
  let key: String

  /// Pairs a device with the hub on `bus` (started with `--http-port`).
  static func pair(on bus: PrivateBus) async throws -> PairedWebRemote {
    let result = try await bus.run(HubTools.remotectl, ["pair", "--no-qr"])
    guard result.status == 0 else { throw TestFailure("remotectl pair failed: \(result.error)") }
    let link = (result.error + result.output).split(separator: "\n").first { $0.contains("#pair=") }
    guard let link, let hash = link.firstIndex(of: "#") else {
      throw TestFailure("remotectl pair gave no link")
    }
    let fields = URLComponents(string: "?" + link[link.index(after: hash)...])?.queryItems ?? []
    guard let code = fields.first(where: { $0.name == "pair" })?.value,
      let key = fields.first(where: { $0.name == "key" })?.value
    else { throw TestFailure("the link has no code or key: \(link)") }
    let base = String(link[..<hash])
    let body = #"{"name": "curl"}"#
    let nonce = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
    let signature = RequestSignature.sign(
      id: code, key: Base64URL.decode(key) ?? [], method: "POST", target: "/api/pair",
      body: Array(body.utf8),
      time: Int64((Date().timeIntervalSince1970 * 1000).rounded()), nonce: nonce)
    let answer = try await curl([
      "-X", "POST", "-H", "Content-Type: application/json", "-H", "Authorization: RemoteHMAC \(signature)",
      "-d", body, base + "api/pair",
    ])
    guard answer.status == 200 else {
      throw TestFailure("pairing answered \(answer.status): \(answer.body)")
    }
    return PairedWebRemote(base: base, key: key)
  }

  /// `GET` (or `method`) of the API's `path` (`api/players`) as this device: the body and the
  /// status code.
  func request(_ path: String, method: String = "GET") async throws -> (body: String, status: Int) {
    try await Self.curl(["-X", method, "-H", "Authorization: Bearer \(key)", base + path])
  }

  /// `curl -s` with `arguments`: the body, and the status code.
  static func curl(_ arguments: [String]) async throws -> (body: String, status: Int) {
    let result = try await ChildProcess.run("curl", ["-s", "-w", "\n%{http_code}"] + arguments)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.dropLast().joined(separator: "\n"), Int(lines.last ?? "") ?? 0)
  }
}
