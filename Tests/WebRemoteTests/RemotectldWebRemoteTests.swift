import BusTestSupport
import Foundation
import Testing

@Suite(
  "End to end: remotectld's web remote",
  .enabled(if: .playerctl && .curl),
  .timeLimit(.minutes(2)))
struct RemotectldWebRemoteTests {
  @Test func aDevicePairedThroughRemotectlPairDrivesBinauralUntilRevoked() async throws {
    let bus = try await PrivateBus.start()
    _ = try bus.start(
      BuiltProducts.binaural, ["--output", "null", "--headless", "--name", "binaural"],
      standardError: .file(bus.directory.appendingPathComponent("binaural.log").path))
    let hub = try await HubUnderTest.start(on: bus)
    let base = try await hub.url()
    #expect(base.hasPrefix("http://127.0.0.1:"))

    let (link, device) = try await hub.pair()
    #expect(link.hasPrefix(base + "#pair="))
    #expect(link.contains("&key=\(device.key)"))
    #expect(!link.contains("?"))
    let authorization = "Authorization: Bearer \(device.key)"
    // Signed, as the page does; the same request sent again is refused.
    let signed = "Authorization: " + device.authorization("GET", "/api/session")
    #expect(try await hub.curl(["-H", signed, base + "api/session"]).status == 200)
    let replayed = try await hub.curl(["-H", signed, base + "api/session"])
    #expect(replayed.status == 401)
    #expect(replayed.body.contains(#""code":"unauthorized""#))

    let players = try await eventually("binaural in the web remote's list") { () async throws -> String? in
      let list = try await hub.curl(["-H", authorization, base + "api/players"])
      return list.body.contains(#""id":"binaural""#) ? list.body : nil
    }
    #expect(players.contains(#""nowPlaying":"binaural""#))
    let play = try await hub.curl(["-X", "POST", "-H", authorization, base + "api/players/binaural/play"])
    #expect(play.status == 200, "\(play.body)")
    let status = try await bus.run("playerctl", ["-p", "binaural", "status"])
    #expect(status.output.trimmingCharacters(in: .whitespacesAndNewlines) == "Playing")

    let port = try #require(URL(string: base)?.port)
    let rebound = try await hub.curl([
      "-H", authorization, "-H", "Host: attacker.example:\(port)", base + "api/players",
    ])
    #expect(rebound.status == 421)

    let devices = try await hub.remotectl(["devices"])
    let id = try #require(devices.output.split(separator: " ").first.map(String.init))
    #expect(devices.output.contains("curl"))
    let revoke = try await hub.remotectl(["devices", "revoke", id])
    #expect(revoke.status == 0, "\(revoke.error)")
    let refused = try await hub.curl(["-H", authorization, base + "api/players"])
    #expect(refused.status == 401)
    await hub.stop()
  }

  @Test func aTakenPortLeavesTheHubRunningAndPairingSaysWhy() async throws {
    let first = try await PrivateBus.start()
    let serving = try await HubUnderTest.start(on: first)
    let port = try #require(URL(string: try await serving.url())?.port)
    let second = try await PrivateBus.start()
    let blocked = try await HubUnderTest.start(on: second, ["--http-port", String(port)])
    let log = second.directory.appendingPathComponent("remotectld.log").path
    try await eventually("the second hub to log that its port is taken") {
      (try? String(contentsOfFile: log, encoding: .utf8))?.contains("the web server stopped") == true
    }
    let pair = try await blocked.remotectl(["pair"])
    #expect(pair.status != 0)
    #expect(
      pair.error.contains("serves no web remote: the web server stopped: cannot listen on 127.0.0.1:\(port)"),
      "\(pair.error)")
    let hub = try await blocked.remotectl(["hub"])
    #expect(hub.status == 0)
    await blocked.stop()
    await serving.stop()
  }
}
