import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebRemote

@Suite("Pairing and device keys", .enabled(if: ChildProcess.which("dbus-daemon") != nil))
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

  @Test func aSignedPairingMakesADeviceThatSignsAndWhoseKeyIsItsBearerOnLoopback() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let signed = try await client.execute(
        uri: "/api/session", method: .get,
        headers: [.authorization: device.authorization("GET", "/api/session")])
      #expect(signed.status == .ok)
      #expect(Int64(signed.headers[HTTPField.Name("X-Remote-Time")!] ?? "") != nil)
      let answer = try WebRemoteAPI.object(signed)["device"] as? [String: Any]
      #expect(answer?["name"] as? String == "Test phone")
      #expect(answer?["id"] as? String == device.id)
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: device.key).status == .ok)
      // The cookie of earlier versions is not read any more.
      let byCookie = try await client.execute(
        uri: "/api/session", method: .get, headers: [.cookie: "remote_device=\(device.key)"])
      #expect(byCookie.status == .unauthorized)
    }
    await harness.stop()
  }

  @Test func aPairingNotSignedWithTheLinksKeyIsRefusedAndSpendsNothing() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let code = harness.devices.newCode()
      let unsigned = try await WebRemoteAPI.post(
        client, "/api/pair", token: nil, body: #"{"code": "\#(code.text)"}"#)
      #expect(unsigned.status == .forbidden)
      #expect(try WebRemoteAPI.errorCode(unsigned) == "invalid-code")
      let otherKey = SignedDevice(id: code.text, key: Base64URL.random(count: 32))
      let forged = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [.authorization: otherKey.authorization("POST", "/api/pair")])
      #expect(forged.status == .unauthorized)
      _ = try await WebRemoteAPI.pairDevice(client, code: code)
    }
    await harness.stop()
  }

  @Test func aCodeWorksOnlyOnceAndAPairingRequestIsNotReplayed() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let code = harness.devices.newCode()
      let pairing = SignedDevice(pairing: code)
      let headers: HTTPFields = [.authorization: pairing.authorization("POST", "/api/pair")]
      #expect(try await client.execute(uri: "/api/pair", method: .post, headers: headers).status == .ok)
      let replayed = try await client.execute(uri: "/api/pair", method: .post, headers: headers)
      #expect(replayed.status == .forbidden)
      #expect(try WebRemoteAPI.errorCode(replayed) == "invalid-code")
      let again = try await client.execute(
        uri: "/api/pair", method: .post, headers: [.authorization: pairing.authorization("POST", "/api/pair")]
      )
      #expect(again.status == .forbidden)
      #expect(harness.devices.devices().count == 1)
    }
    await harness.stop()
  }

  @Test func failedAttemptsAreRateLimitedEvenForTheRightCode() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      for _ in 0..<DeviceStore.maximumFailures {
        let wrong = SignedDevice(id: "AAAA-AAAA", key: Base64URL.random(count: 32))
        let refused = try await client.execute(
          uri: "/api/pair", method: .post, headers: [.authorization: wrong.authorization("POST", "/api/pair")]
        )
        #expect(refused.status == .forbidden)
      }
      let code = harness.devices.newCode()
      let limited = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [.authorization: SignedDevice(pairing: code).authorization("POST", "/api/pair")])
      #expect(limited.status == .tooManyRequests)
      #expect(try WebRemoteAPI.errorCode(limited) == "rate-limited")
      #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
    }
    await harness.stop()
  }

  @Test func keysAreStoredInAPrivateFile() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      _ = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let path = harness.stateDirectory.appendingPathComponent("devices.json").path
      let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(permissions == 0o600)
      let folder = try FileManager.default.attributesOfItem(atPath: harness.stateDirectory.path)[
        .posixPermissions]
      #expect(folder as? Int == 0o700)
      // A store opened again from the file knows the device.
      let reopened = try await DeviceStore.open(directory: harness.stateDirectory.path)
      #expect(reopened.devices().count == 1)
    }
    await harness.stop()
  }

  @Test func aRevokedDeviceStopsWorkingAtOnce() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: device.key).status == .ok)
      let id = try #require(harness.devices.devices().first?.id)
      #expect(await harness.devices.revoke(id: id))
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: device.key).status == .unauthorized)
      let signed = try await client.execute(
        uri: "/api/session", method: .get,
        headers: [.authorization: device.authorization("GET", "/api/session")])
      #expect(signed.status == .unauthorized)
    }
    await harness.stop()
  }

  @Test func forgettingThisDeviceRevokesIt() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let forget = try await client.execute(
        uri: "/api/session", method: .delete, headers: WebRemoteAPI.headers(token: token))
      #expect(forget.status == .ok)
      #expect(harness.devices.devices().isEmpty)
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: token).status == .unauthorized)
    }
    await harness.stop()
  }
}
