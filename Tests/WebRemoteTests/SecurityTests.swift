import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebRemote

@Suite("Host and Origin checks", .enabled(if: ChildProcess.which("dbus-daemon") != nil))
struct SecurityTests {
  @Test func aHostThatNamesNoListenerIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let port = try #require(client.port)
      // curl, as a rebound DNS name would make a browser do: the right address, another Host.
      let refused = try await ChildProcess.run(
        "curl",
        [
          "-s", "-w", "\n%{http_code}", "-H", "Host: attacker.example:\(port)", "-H",
          "Authorization: Bearer \(token)",
          "http://127.0.0.1:\(port)/api/players",
        ])
      #expect(refused.output.hasSuffix("\n421"))
      #expect(refused.output.contains("misdirected-host"))
      let allowed = try await ChildProcess.run(
        "curl",
        [
          "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(token)",
          "http://localhost:\(port)/api/players",
        ])
      #expect(allowed.output == "200")
    }
    await harness.stop()
  }

  @Test func aCommandFromAForeignOriginIsRefusedAndChangesNothing() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let response = try await WebRemoteAPI.post(
        client, "/api/players/binaural/play", token: token, headers: [.origin: "http://attacker.example"])
      #expect(response.status == .forbidden)
      #expect(try WebRemoteAPI.errorCode(response) == "forbidden-origin")
      #expect(try await WebRemoteAPI.playerctlStatus(harness.bus, "binaural") == "Paused")
    }
    await harness.stop()
  }

  @Test func aPairingFromAForeignOriginIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let code = harness.devices.newCode()
      let response = try await WebRemoteAPI.post(
        client, "/api/pair", token: nil, body: "{}",
        headers: [
          .origin: "http://attacker.example",
          .authorization: SignedDevice(pairing: code).authorization("POST", "/api/pair", body: "{}"),
        ])
      #expect(response.status == .forbidden)
      // The code was not spent by the refused request.
      _ = try await WebRemoteAPI.pair(client, code: code)
    }
    await harness.stop()
  }
}
