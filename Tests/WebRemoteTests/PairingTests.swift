import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebRemote

@Suite("Pairing and device tokens", .enabled(if: ChildProcess.which("dbus-daemon") != nil))
struct PairingTests {
  @Test func theAPIRefusesADeviceThatHasNotPaired() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let response = try await WebRemoteAPI.get(client, "/api/players", token: nil)
      #expect(response.status == .unauthorized)
      #expect(try WebRemoteAPI.errorCode(response) == "unauthorized")
      let forged = try await WebRemoteAPI.get(client, "/api/players", token: "not-a-token")
      #expect(forged.status == .unauthorized)
    }
    await harness.stop()
  }

  @Test func aCodeIsExchangedForATokenThatWorksAsBearerAndAsCookie() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode().text)
      let byBearer = try await WebRemoteAPI.get(client, "/api/session", token: token)
      #expect(byBearer.status == .ok)
      let byCookie = try await client.execute(
        uri: "/api/session", method: .get, headers: [.cookie: "remote_device=\(token)"])
      #expect(byCookie.status == .ok)
      let device = try WebRemoteAPI.object(byCookie)["device"] as? [String: Any]
      #expect(device?["name"] as? String == "Test phone")
    }
    await harness.stop()
  }

  @Test func aCodeWorksOnlyOnce() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let code = harness.devices.newCode().text
      _ = try await WebRemoteAPI.pair(client, code: code)
      let again = try await WebRemoteAPI.post(client, "/api/pair", token: nil, body: #"{"code": "\#(code)"}"#)
      #expect(again.status == .forbidden)
      #expect(try WebRemoteAPI.errorCode(again) == "invalid-code")
    }
    await harness.stop()
  }

  @Test func failedAttemptsAreRateLimitedEvenForTheRightCode() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      for _ in 0..<DeviceStore.maximumFailures {
        let wrong = try await WebRemoteAPI.post(
          client, "/api/pair", token: nil, body: #"{"code": "AAAA-AAAA"}"#)
        #expect(wrong.status == .forbidden)
      }
      let code = harness.devices.newCode().text
      let limited = try await WebRemoteAPI.post(
        client, "/api/pair", token: nil, body: #"{"code": "\#(code)"}"#)
      #expect(limited.status == .tooManyRequests)
      #expect(try WebRemoteAPI.errorCode(limited) == "rate-limited")
      #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
    }
    await harness.stop()
  }

  @Test func tokensAreStoredOnlyAsDigestsInAPrivateFile() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode().text)
      let path = harness.stateDirectory.appendingPathComponent("devices.json").path
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(!text.contains(token))
      #expect(text.contains("tokenSHA256"))
      let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(permissions == 0o600)
      // A store opened again from the file knows the device.
      let reopened = try await DeviceStore.open(directory: harness.stateDirectory.path)
      #expect(reopened.devices().count == 1)
    }
    await harness.stop()
  }

  @Test func aRevokedTokenStopsWorkingAtOnce() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode().text)
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: token).status == .ok)
      let id = try #require(harness.devices.devices().first?.id)
      #expect(await harness.devices.revoke(id: id))
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: token).status == .unauthorized)
    }
    await harness.stop()
  }

  @Test func forgettingThisDeviceRevokesItsTokenAndClearsTheCookie() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode().text)
      let forget = try await client.execute(
        uri: "/api/session", method: .delete, headers: WebRemoteAPI.headers(token: token))
      #expect(forget.status == .ok)
      #expect(forget.headers[.setCookie]?.contains("Max-Age=0") == true)
      #expect(harness.devices.devices().isEmpty)
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: token).status == .unauthorized)
    }
    await harness.stop()
  }
}
