import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import RemoteControl
import Testing
import WebRemote

/// Signed requests, upgrades and socket messages, as the page sends them: each is accepted
/// once, within its window, with the device's key; everything else is refused with the API's
/// error shape, reaches no player, and the hub goes on serving. Requests go through the router;
/// the WebSocket and the bearer are served on a loopback port.
@Suite(
  "Signed requests and messages", .enabled(if: .dbusDaemon),
  .timeLimit(.minutes(3)))
struct SignedRequestTests {
  @Test func aSignedCommandIsAcceptedOnceAndAForgedStaleOrUnknownOneIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      let path = "/api/players/podcasts/play"
      func post(_ authorization: String, body: String = "{}") async throws -> TestResponse {
        try await client.execute(
          uri: path, method: .post,
          headers: [.authorization: authorization, .contentType: "application/json"],
          body: ByteBuffer(string: body))
      }
      func refused(_ response: TestResponse, _ why: Comment) throws {
        #expect(response.status == .unauthorized, why)
        #expect(try WebRemoteAPI.errorCode(response) == "unauthorized", why)
        #expect(try WebRemoteAPI.object(response)["ok"] as? Bool == false, why)
      }
      // Out of the 30 s window by a minute, each time read as the request is signed: a loaded
      // machine may take seconds to deliver it, which must not bring it back into the window.
      let stranger = SignedDevice(id: device.id, key: Base64URL.random(count: 32))
      try refused(
        try await post(stranger.authorization("POST", path, body: "{}")), "a signature by another key")
      try refused(
        try await post(device.authorization("POST", path, body: "{}", time: SignedDevice.now() - 90_000)),
        "a signature 90 s old")
      try refused(
        try await post(device.authorization("POST", path, body: "{}", time: SignedDevice.now() + 90_000)),
        "one 90 s ahead")
      try refused(
        try await post(device.authorization("POST", "/api/players/podcasts/pause", body: "{}")),
        "another path")
      try refused(
        try await post(device.authorization("POST", path, body: "{}"), body: #"{"x":1}"#), "another body")
      try refused(
        try await post(SignedDevice(id: "0000000000", key: device.key).authorization("POST", path)),
        "an unknown id")
      try refused(
        try await post("RemoteHMAC \(device.id).\(SignedDevice.now()).short.00"), "a malformed signature")
      #expect(harness.player.received.isEmpty)

      let signed = device.authorization("POST", path, body: "{}")
      let accepted = try await post(signed)
      #expect(accepted.status == .ok, "\(String(buffer: accepted.body))")
      #expect(harness.player.received == [.play])
      try refused(try await post(signed), "the same request a second time")
      #expect(harness.player.received == [.play])
      // The hub goes on serving the device's fresh requests.
      #expect(try await post(device.authorization("POST", path, body: "{}")).status == .ok)
      #expect(harness.player.received == [.play, .play])
    }
    await harness.stop()
  }

  @Test func aBearerIsRefusedThroughAProxyAndTheCookieIsNotRead() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      #expect(try await WebRemoteAPI.get(client, "/api/session", token: token).status == .ok)
      for header in ["X-Forwarded-For", "Forwarded"] {
        let proxied = try await client.execute(
          uri: "/api/session", method: .get,
          headers: WebRemoteAPI.headers(token: token, extra: [HTTPField.Name(header)!: "for=192.0.2.7"]))
        #expect(proxied.status == .unauthorized, "\(header)")
      }
    }
    await harness.stop()
  }

  @Test func aSignedSocketTakesSignedMessagesOnceAndRefusesReplays() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      let port = try #require(client.port)
      let (path, key) = device.eventsUpgrade()
      let configuration = EventsClient.configuration(token: nil, port: port)
      let command = #"{"type":"command","id":"c1","player":"podcasts","command":"togglePlayPause"}"#
      let frame = Self.frame(command, seq: 1, key: key)
      let player = harness.player
      try await client.ws(path, configuration: configuration) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        _ = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }
        try await outbound.write(.text(command))
        let unsigned = try await EventsClient.next(&messages) { $0["type"] as? String == "error" }
        #expect((unsigned["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        try await outbound.write(.text(Self.frame(command, seq: 1, key: Array(repeating: 7, count: 32))))
        let forged = try await EventsClient.next(&messages) { $0["type"] as? String == "error" }
        #expect((forged["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        #expect(player.received.isEmpty)

        try await outbound.write(.text(frame))
        let ack = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(ack["ok"] as? Bool == true)
        try await outbound.write(.text(frame))
        let replayed = try await EventsClient.next(&messages) { $0["type"] as? String == "error" }
        #expect((replayed["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        try await outbound.close(.normalClosure, reason: nil)
      }
      #expect(harness.player.received == [.togglePlayPause])
      // The same upgrade again is refused; a fresh one opens, and the old socket's frame is
      // refused on it (another key).
      await #expect(throws: (any Error).self) {
        try await client.ws(path, configuration: configuration) { _, _, _ in }
      }
      let (fresh, _) = device.eventsUpgrade()
      try await client.ws(fresh, configuration: configuration) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        _ = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }
        try await outbound.write(.text(frame))
        let elsewhere = try await EventsClient.next(&messages) { $0["type"] as? String == "error" }
        #expect((elsewhere["error"] as? [String: Any])?["code"] as? String == "unauthorized")
        try await outbound.close(.normalClosure, reason: nil)
      }
      #expect(harness.player.received == [.togglePlayPause])
      // A stale upgrade is refused.
      let (stale, _) = device.eventsUpgrade(time: SignedDevice.now() - 90_000)
      await #expect(throws: (any Error).self) {
        try await client.ws(stale, configuration: configuration) { _, _, _ in }
      }
    }
    await harness.stop()
  }

  @Test func aPublicOriginIsAcceptedOnlyWhenConfigured() async throws {
    let origin = try PublicOrigin("https://music.example.org")
    #expect(origin.hosts == ["music.example.org", "music.example.org:443"])
    #expect(throws: APIError.self) { try PublicOrigin("http://music.example.org") }
    #expect(throws: APIError.self) { try PublicOrigin("https://music.example.org/remote") }
    for configured in [nil, origin] {
      let harness = try await WebRemoteHarness.start(publicOrigin: configured)
      try await harness.test { client in
        let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
        let response = try await WebRemoteAPI.get(client, "/api/players", as: device, origin: origin.text)
        #expect(response.status == (configured == nil ? .forbidden : .ok))
        let other = try await WebRemoteAPI.get(
          client, "/api/players", as: device, origin: "https://other.example.org")
        #expect(other.status == .forbidden)
      }
      await harness.stop()
    }
  }

  /// A socket message signed as the page signs it.
  static func frame(_ message: String, seq: Int, key: [UInt8]) -> String {
    let mac = RequestSignature.hmac(key: key, "\(seq)\n\(message)")
    // The messages here hold no backslash: quotes are all there is to escape.
    let quoted = message.replacingOccurrences(of: "\"", with: "\\\"")
    return #"{"seq":\#(seq),"signed":"\#(quoted)","mac":"\#(mac)"}"#
  }
}
