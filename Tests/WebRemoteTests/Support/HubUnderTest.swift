import BusTestSupport
import Foundation

/// A real remotectld on a private bus, its state in the bus's folder, and what the tests ask
/// it: its web remote's URL, pairing through `remotectl pair`, requests through curl.
struct HubUnderTest: Sendable {
  let bus: PrivateBus
  let hub: ChildProcess
  let environment: [String: String]

  /// Starts `remotectld --http-port 0` (plus `arguments`) on `bus`, its state under the bus's
  /// folder, and waits until it owns its name.
  static func start(on bus: PrivateBus, _ arguments: [String] = ["--http-port", "0"]) async throws
    -> HubUnderTest
  {
    var environment = bus.environment
    environment["XDG_STATE_HOME"] = bus.directory.appendingPathComponent("state").path
    let hub = try await bus.startHub(
      arguments, environment: ["XDG_STATE_HOME": environment["XDG_STATE_HOME"] ?? ""])
    return HubUnderTest(bus: bus, hub: hub, environment: environment)
  }

  /// The web remote's loopback URL, once the hub says it (its `URLs` property).
  func url() async throws -> String {
    try await eventually("the hub's web remote URL") { () async throws -> String? in
      let result = try await bus.run(
        "gdbus",
        [
          "call", "--address", bus.address, "--dest", "io.github.swift_remote_control.Hub", "--object-path",
          "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
          "io.github.swift_remote_control.WebRemote1", "URLs",
        ])
      guard let start = result.output.range(of: "'http://"),
        let end = result.output[start.upperBound...].firstIndex(of: "'")
      else { return nil }
      return String(result.output[result.output.index(after: start.lowerBound)..<end])
    }
  }

  /// Pairs as the page does, through `remotectl pair`'s link: its code and key, a pairing
  /// request signed with the key (sent by curl), and the device the hub answers.
  func pair(name: String = "curl") async throws -> (link: String, device: SignedDevice) {
    let printed = try await remotectl(["pair", "--no-qr"])
    guard printed.status == 0, let link = printed.output.split(separator: "\n").first.map(String.init),
      let hash = link.firstIndex(of: "#")
    else { throw TestFailure("remotectl pair printed no link: \(printed)") }
    let fields = URLComponents(string: "?" + link[link.index(after: hash)...])?.queryItems ?? []
    guard let code = fields.first(where: { $0.name == "pair" })?.value,
      let key = fields.first(where: { $0.name == "key" })?.value
    else { throw TestFailure("the link has no code or key: \(link)") }
    let body = #"{"name": "\#(name)"}"#
    let base = String(link[..<hash])
    let answer = try await curl([
      "-X", "POST", "-H", "Content-Type: application/json", "-H",
      "Authorization: " + SignedDevice(id: code, key: key).authorization("POST", "/api/pair", body: body),
      "-d", body, base + "api/pair",
    ])
    guard answer.status == 200,
      let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any],
      let id = (object["device"] as? [String: Any])?["id"] as? String
    else { throw TestFailure("pairing answered \(answer.status): \(answer.body)") }
    return (link, SignedDevice(id: id, key: key))
  }

  /// `remotectl ARGUMENTS` on the hub's bus.
  func remotectl(_ arguments: [String]) async throws -> ClientResult {
    try await ChildProcess.run(BuiltProducts.remotectl, arguments, environment: environment)
  }

  /// `curl` against the hub: the body and the status code, the last line.
  func curl(_ arguments: [String]) async throws -> (body: String, status: Int) {
    let result = try await ChildProcess.run("curl", ["-s", "-w", "\n%{http_code}"] + arguments)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.dropLast().joined(separator: "\n"), Int(lines.last ?? "") ?? 0)
  }

  /// Stops the hub.
  func stop() async {
    _ = await hub.terminate()
  }
}
