import BusTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOWebSocket
import Synchronization
import Testing
import WebRemote

@Suite(
  "WebSocket lockScreen: which player a page hands to its browser's Media Session",
  .enabled(if: ChildProcess.which("playerctl") != nil), .timeLimit(.minutes(1)))
struct LockScreenMessageTests {
  @Test func `a page handing a player over tells the hub, an unknown player is refused, and null lets go`()
    async throws
  {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode().text)
      _ = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let port = try #require(client.port)
      try await client.ws("/api/events", configuration: EventsClient.configuration(token: token, port: port))
      {
        inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        _ = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l1", "player": "nobody"}"#))
        let refused = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(refused["ok"] as? Bool == false)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "unknown-player")

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l2", "player": "binaural"}"#))
        let taken = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(taken["id"] as? String == "l2")
        #expect(taken["ok"] as? Bool == true)

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l3", "player": null}"#))
        _ = try await EventsClient.next(&messages) {
          $0["type"] as? String == "ack" && $0["id"] as? String == "l3"
        }
        try await outbound.close(.normalClosure, reason: nil)
      }
    }
    #expect(harness.source.handedOver.withLock { $0 } == [["org.mpris.MediaPlayer2.binaural"], []])
    await harness.stop()
  }
}
