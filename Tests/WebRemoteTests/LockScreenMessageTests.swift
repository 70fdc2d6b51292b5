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
  .enabled(if: .dbusDaemon), .timeLimit(.minutes(3)))
struct LockScreenMessageTests {
  @Test func `a page handing a player over tells the hub, an unknown player is refused, and null lets go`()
    async throws
  {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      try await EventsClient.session(harness, client) { _, messages, outbound in

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l1", "player": "nobody"}"#))
        let refused = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(refused["ok"] as? Bool == false)
        #expect((refused["error"] as? [String: Any])?["code"] as? String == "unknown-player")

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l2", "player": "podcasts"}"#))
        let taken = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(taken["id"] as? String == "l2")
        #expect(taken["ok"] as? Bool == true)

        try await outbound.write(.text(#"{"type": "lockScreen", "id": "l3", "player": null}"#))
        _ = try await EventsClient.next(&messages) {
          $0["type"] as? String == "ack" && $0["id"] as? String == "l3"
        }
      }
    }
    #expect(harness.source.handedOver.withLock { $0 } == [["org.mpris.MediaPlayer2.podcasts"], []])
    await harness.stop()
  }
}
