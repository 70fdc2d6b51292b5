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

@Suite(
  "WebSocket /api/events", .enabled(if: .dbusDaemon), .timeLimit(.minutes(3)))
struct EventsSocketTests {
  /// The player announces its change before it answers, and the hub reads both on one
  /// connection in that order: the change reaches the socket before the acknowledgement, so a
  /// page that gets the ack already shows the new state.
  @Test func aSocketStartsWithTheSnapshotAndACommandsChangeArrivesThenItIsAcknowledged() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      try await EventsClient.session(harness, client) { snapshot, messages, outbound in
        #expect(snapshot["nowPlaying"] as? String == "podcasts")
        try await outbound.write(
          .text(#"{"type": "command", "id": "c1", "player": "podcasts", "command": "togglePlayPause"}"#))
        let changed = try await EventsClient.next(&messages) {
          #expect($0["type"] as? String != "ack", "the acknowledgement came before the change: \($0)")
          return ($0["changes"] as? [String: Any])?["playbackStatus"] != nil
        }
        let ack = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(ack["id"] as? String == "c1")
        #expect(ack["ok"] as? Bool == true)
        #expect(changed["id"] as? String == "podcasts")
        let changes = try #require(changed["changes"] as? [String: Any])
        #expect(changes["playbackStatus"] as? String == "Playing")
        #expect((changes["position"] as? [String: Any])?["rate"] as? Double == 1)
      }
      #expect(harness.player.received == [.togglePlayPause])
    }
    await harness.stop()
  }

  @Test func aChangeThePlayerMakesByItselfReachesTheSocket() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let player = harness.player
      try await EventsClient.session(harness, client) { _, messages, outbound in
        player.changeTrack(to: "Episode 2")
        let changed = try await EventsClient.next(&messages) {
          ($0["changes"] as? [String: Any])?["metadata"] != nil
        }
        #expect(changed["type"] as? String == "changed")
        #expect(changed["id"] as? String == "podcasts")
        let metadata = (changed["changes"] as? [String: Any])?["metadata"] as? [String: Any]
        #expect(metadata?["title"] as? String == "Episode 2")
      }
      #expect(player.received.isEmpty)
    }
    await harness.stop()
  }

  @Test func selectingAPlayerSendsTheNewOrderAndFlipsIsNowPlaying() async throws {
    let harness = try await WebRemoteHarness.start(players: ["podcasts", "second"])
    try await harness.testLive { client in
      try await EventsClient.session(harness, client, player: "second") { snapshot, messages, outbound in
        #expect(
          (snapshot["players"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
            "podcasts", "second",
          ])
        try await outbound.write(
          .text(#"{"type": "command", "id": "s1", "player": "second", "command": "select"}"#))
        let order = try await EventsClient.next(&messages) { $0["type"] as? String == "order" }
        #expect(order["nowPlaying"] as? String == "second")
        #expect(order["players"] as? [String] == ["second", "podcasts"])
        let flipped = try await EventsClient.next(&messages) {
          $0["id"] as? String == "podcasts" && ($0["changes"] as? [String: Any])?["isNowPlaying"] != nil
        }
        #expect((flipped["changes"] as? [String: Any])?["isNowPlaying"] as? Bool == false)
      }
    }
    await harness.stop()
  }

  @Test func badMessagesAreAnsweredAndTheSocketStaysUsable() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      try await EventsClient.session(harness, client) { _, messages, outbound in
        try await outbound.write(.text("{not json"))
        let malformed = try await EventsClient.next(&messages) { $0["type"] as? String == "error" }
        #expect((malformed["error"] as? [String: Any])?["code"] as? String == "bad-request")
        try await outbound.write(
          .text(#"{"type": "command", "id": "c2", "player": "nobody", "command": "play"}"#))
        let unknown = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(unknown["ok"] as? Bool == false)
        #expect((unknown["error"] as? [String: Any])?["code"] as? String == "unknown-player")
        try await outbound.write(
          .text(
            #"{"type": "command", "id": "c3", "player": "podcasts", "command": "volume", "arguments": {"volume": -1}}"#
          ))
        let range = try await EventsClient.next(&messages) { $0["id"] as? String == "c3" }
        #expect((range["error"] as? [String: Any])?["code"] as? String == "out-of-range")
        try await outbound.write(.text(#"{"type": "resync"}"#))
        let again = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }
        #expect((again["players"] as? [Any])?.count == 1)
      }
      #expect(harness.player.received.isEmpty)
    }
    await harness.stop()
  }

  @Test func aFrameOver64KiBClosesThatSocketOnlyAndChangesNothing() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "podcasts", token: token)
      let port = try #require(client.port)
      let configuration = EventsClient.configuration(token: token, port: port)
      let close = try await client.ws("/api/events", configuration: configuration) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        _ = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }
        let huge =
          #"{"type": "command", "id": "big", "player": "podcasts", "command": "play", "x": ""#
          + String(repeating: "x", count: 70_000) + #""}"#
        try await outbound.write(.text(huge))
        while try await messages.next() != nil {}
      }
      #expect(close?.closeCode == .messageTooLarge)
      // Another client is served as before.
      try await client.ws("/api/events", configuration: configuration) { inbound, outbound, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        let snapshot = try await EventsClient.next(&messages)
        #expect(snapshot["type"] as? String == "snapshot")
        try await outbound.close(.normalClosure, reason: nil)
      }
      #expect(harness.player.received.isEmpty)
    }
    await harness.stop()
  }

  @Test func aFloodClosesTheSocket() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let port = try #require(client.port)
      let close = try await client.ws(
        "/api/events", configuration: EventsClient.configuration(token: token, port: port)
      ) { inbound, outbound, _ in
        for _ in 0..<150 { try await outbound.write(.text(#"{"type": "resync"}"#)) }
        for try await _ in inbound {}
      }
      #expect(close?.closeCode == .policyViolation)
    }
    await harness.stop()
  }

  @Test func aSocketFromAForeignOriginOrWithoutTokenIsNotOpened() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let port = try #require(client.port)
      // The same socket with the page's Origin and the token opens.
      try await client.ws("/api/events", configuration: EventsClient.configuration(token: token, port: port))
      {
        _, outbound, _ in try await outbound.close(.normalClosure, reason: nil)
      }
      await #expect(throws: (any Error).self) {
        try await client.ws(
          "/api/events",
          configuration: EventsClient.configuration(
            token: token, port: port, origin: "http://attacker.example")
        ) { _, _, _ in }
      }
      await #expect(throws: (any Error).self) {
        try await client.ws("/api/events", configuration: EventsClient.configuration(token: nil, port: port))
        {
          _, _, _ in
        }
      }
    }
    await harness.stop()
  }

  @Test func revokingADeviceClosesItsSocket() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let port = try #require(client.port)
      let devices = harness.devices
      let close = try await client.ws(
        "/api/events", configuration: EventsClient.configuration(token: token, port: port)
      ) { inbound, _, _ in
        var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
        _ = try await EventsClient.next(&messages) { $0["type"] as? String == "snapshot" }
        if let id = devices.devices().first?.id { await devices.revoke(id: id) }
        while try await messages.next() != nil {}
      }
      #expect(close?.closeCode == .unknown(4001))
    }
    await harness.stop()
  }
}
