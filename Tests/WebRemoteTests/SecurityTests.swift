import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RemoteControl
import Testing
import WebRemote

/// The checks every request passes before the API: the `Host` (against DNS rebinding), the
/// `Origin` (another site's page), and the headers every answer carries. Through the router;
/// the same `Host` refusal over a real socket, sent by curl, is in the end-to-end test of
/// remotectld's web remote.
@Suite("Host and Origin checks", .enabled(if: .dbusDaemon))
struct SecurityTests {
  @Test func aHostThatNamesNoListenerIsRefusedBeforeAnythingElse() async throws {
    let harness = try await WebRemoteHarness.start()
    // The router's requests name `localhost`; a server listening on 127.0.0.1:7600 alone does
    // not answer for it, paired or not.
    try await harness.test(allowing: ["127.0.0.1:7600"]) { client in
      let unpaired = try await client.execute(uri: "/api/players", method: .get)
      #expect(unpaired.status == .misdirectedRequest)
      #expect(try WebRemoteAPI.refusal(unpaired) == "misdirected-host")
      let code = harness.devices.newCode()
      let pairing = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [.authorization: SignedDevice(pairing: code).authorization("POST", "/api/pair")])
      #expect(pairing.status == .misdirectedRequest)
      #expect(harness.devices.devices().isEmpty)
    }
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      #expect(try await WebRemoteAPI.get(client, "/api/players", as: device).status == .ok)
    }
    await harness.stop()
  }

  @Test func aCommandFromAForeignOriginIsRefusedAndReachesNoPlayer() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      let response = try await WebRemoteAPI.post(
        client, "/api/players/podcasts/play", as: device, headers: [.origin: "http://attacker.example"])
      #expect(response.status == .forbidden)
      #expect(try WebRemoteAPI.refusal(response) == "forbidden-origin")
      #expect(harness.player.received.isEmpty)
      // The page's own origin passes.
      let own = try await WebRemoteAPI.post(
        client, "/api/players/podcasts/play", as: device, headers: [.origin: "http://localhost"])
      #expect(own.status == .ok)
      #expect(harness.player.received == [.play])
    }
    await harness.stop()
  }

  @Test func aPairingFromAForeignOriginIsRefusedAndSpendsNoCode() async throws {
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
      #expect(try WebRemoteAPI.refusal(response) == "forbidden-origin")
      // The code was not spent by the refused request.
      _ = try await WebRemoteAPI.pairDevice(client, code: code)
    }
    await harness.stop()
  }

  @Test func everyAnswerOfTheAPIForbidsSniffingAndReferrersAndTellsTheHubsTime() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let answers = [
        try await WebRemoteAPI.get(client, "/api/session", as: device),
        try await WebRemoteAPI.get(client, "/api/players/vlc", as: device),
        try await client.execute(uri: "/api/players", method: .get),
      ]
      #expect(answers.map(\.status) == [.ok, .notFound, .unauthorized])
      let before = SignedDevice.now() - 60_000
      for answer in answers {
        #expect(answer.headers[.xContentTypeOptions] == "nosniff")
        #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
        #expect(answer.headers[.cacheControl] == "no-store")
        #expect((Int64(answer.headers[HTTPField.Name("X-Remote-Time")!] ?? "") ?? 0) > before)
      }
    }
    await harness.stop()
  }
}
