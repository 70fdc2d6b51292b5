import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebRemote

/// Pairing and the device store, through the router (a request that arrives as from the
/// network, so it is signed) and, for what loopback alone allows, over a loopback port.
@Suite("Pairing and device keys", .enabled(if: .dbusDaemon))
struct PairingTests {
  @Test func theAPIRefusesADeviceThatHasNotPaired() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let response = try await client.execute(uri: "/api/players", method: .get)
      #expect(response.status == .unauthorized)
      #expect(try WebRemoteAPI.refusal(response) == "unauthorized")
      let stranger = SignedDevice(id: "0a0b0c0d0e", key: Base64URL.random(count: 32))
      #expect(try await WebRemoteAPI.get(client, "/api/players", as: stranger).status == .unauthorized)
    }
    try await harness.testLive { client in
      let forged = try await WebRemoteAPI.get(client, "/api/players", token: "not-a-token")
      #expect(forged.status == .unauthorized)
    }
    await harness.stop()
  }

  @Test func aSignedPairingMakesADeviceThatSignsAndWhoseKeyIsItsBearerOnLoopback() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let signed = try await WebRemoteAPI.get(client, "/api/session", as: device)
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

  @Test func aDevicesKeyIsNoBearerOffLoopback() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      #expect(try await WebRemoteAPI.get(client, "/api/session", as: device).status == .ok)
      let bearer = try await WebRemoteAPI.get(client, "/api/session", token: device.key)
      #expect(bearer.status == .unauthorized)
      #expect(try WebRemoteAPI.refusal(bearer) == "unauthorized")
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
      #expect(try WebRemoteAPI.refusal(unsigned) == "invalid-code")
      let otherKey = SignedDevice(id: code.text, key: Base64URL.random(count: 32))
      let forged = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [.authorization: otherKey.authorization("POST", "/api/pair")])
      #expect(forged.status == .unauthorized)
      #expect(harness.devices.devices().isEmpty)
      _ = try await WebRemoteAPI.pairDevice(client, code: code)
      #expect(harness.devices.devices().count == 1)
    }
    await harness.stop()
  }

  @Test func aWrongCodeIsRefusedAndALowerCaseCodeWithoutItsDashIsTheSame() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let code = harness.devices.newCode()
      let wrong = SignedDevice(id: "2345-6789", key: code.key)
      let refused = try await client.execute(
        uri: "/api/pair", method: .post, headers: [.authorization: wrong.authorization("POST", "/api/pair")])
      #expect(refused.status == .forbidden)
      #expect(try WebRemoteAPI.refusal(refused) == "invalid-code")
      let typed = SignedDevice(
        id: code.text.lowercased().replacingOccurrences(of: "-", with: ""), key: code.key)
      let paired = try await client.execute(
        uri: "/api/pair", method: .post, headers: [.authorization: typed.authorization("POST", "/api/pair")])
      #expect(paired.status == .ok, "\(String(buffer: paired.body))")
    }
    await harness.stop()
  }

  @Test func anExpiredCodeIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let validity = Duration.milliseconds(200)
      let expiry = ContinuousClock.now + validity
      let code = harness.devices.newCode(validFor: validity)
      #expect(code.validity == validity)
      // The very moment the store compares against, then a little.
      try await Task.sleep(until: expiry + .milliseconds(50))
      let late = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [.authorization: SignedDevice(pairing: code).authorization("POST", "/api/pair")])
      #expect(late.status == .forbidden)
      #expect(try WebRemoteAPI.refusal(late) == "invalid-code")
      #expect(harness.devices.devices().isEmpty)
      // A code of the usual minute, made now, pairs.
      #expect(harness.devices.newCode().validity == PairingCode.validity)
      _ = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
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
      #expect(try WebRemoteAPI.refusal(replayed) == "invalid-code")
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
      #expect(try WebRemoteAPI.refusal(limited) == "rate-limited")
      #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
      #expect(harness.devices.devices().isEmpty)
    }
    await harness.stop()
  }

  @Test func aPairingNamesTheDeviceAsAskedOrAfterItsBrowser() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      _ = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode(), name: "Kitchen")
      let code = harness.devices.newCode()
      let response = try await client.execute(
        uri: "/api/pair", method: .post,
        headers: [
          .authorization: SignedDevice(pairing: code).authorization("POST", "/api/pair"),
          .userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
        ])
      #expect(response.status == .ok)
      let names = harness.devices.devices().map(\.name)
      #expect(names.first == "Kitchen")
      #expect(names.count == 2 && names.last?.isEmpty == false && names.last != "Kitchen")
    }
    await harness.stop()
  }

  @Test func keysAreStoredInAPrivateFile() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      _ = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let path = harness.stateDirectory.appendingPathComponent("devices.json").path
      let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
      #expect(permissions == 0o600)
      let folder = try FileManager.default.attributesOfItem(atPath: harness.stateDirectory.path)[
        .posixPermissions]
      #expect(folder as? Int == 0o700)
      // A store opened again from the file knows the device.
      let reopened = try await DeviceStore.open(directory: harness.stateDirectory.path)
      #expect(reopened.devices().map(\.id) == harness.devices.devices().map(\.id))
    }
    await harness.stop()
  }

  @Test func aRevokedDeviceStopsWorkingAtOnce() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      #expect(try await WebRemoteAPI.get(client, "/api/session", as: device).status == .ok)
      #expect(await harness.devices.revoke(id: device.id))
      let signed = try await WebRemoteAPI.get(client, "/api/session", as: device)
      #expect(signed.status == .unauthorized)
      let command = try await WebRemoteAPI.post(client, "/api/players/podcasts/play", as: device)
      #expect(command.status == .unauthorized)
      #expect(harness.player.received.isEmpty)
    }
    await harness.stop()
  }

  @Test func forgettingThisDeviceRevokesIt() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let forget = try await client.execute(
        uri: "/api/session", method: .delete,
        headers: [.authorization: device.authorization("DELETE", "/api/session")])
      #expect(forget.status == .ok)
      #expect(harness.devices.devices().isEmpty)
      #expect(try await WebRemoteAPI.get(client, "/api/session", as: device).status == .unauthorized)
    }
    await harness.stop()
  }
}
