import BusTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import NIOWebSocket
import Testing
import WebRemote

/// One writer per socket: the acknowledgement goes through the socket's one queue, behind the
/// change the player announced before answering, so the order holds however many commands are
/// under way and however their tasks are scheduled.
@Suite(
  "WebSocket /api/events: acknowledgements after their changes",
  .enabled(if: ChildProcess.which("playerctl") != nil),
  .timeLimit(.minutes(3)))
struct EventsSocketOrderTests {
  /// Every togglePlayPause flips binaural's PlaybackStatus, announced before its answer: when
  /// the client reads the k-th acknowledgement, it has read at least k flips.
  @Test func `with many commands under way at once, each acknowledgement comes after the change before it`()
    async throws
  {
    let commands = 16
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      try await EventsClient.session(harness, client) { snapshot, messages, outbound in
        let players = try #require(snapshot["players"] as? [[String: Any]])
        var status = try #require(
          players.first { $0["id"] as? String == "binaural" }?["playbackStatus"] as? String)
        for index in 1...commands {
          try await outbound.write(
            .text(
              #"{"type": "command", "id": "c\#(index)", "player": "binaural", "command": "togglePlayPause"}"#)
          )
        }
        var flips = 0
        var acknowledged: [String] = []
        while acknowledged.count < commands {
          let message = try await EventsClient.next(&messages)
          switch message["type"] as? String {
          case "changed"?:
            let changed = (message["changes"] as? [String: Any])?["playbackStatus"] as? String
            if message["id"] as? String == "binaural", let changed, changed != status {
              status = changed
              flips += 1
            }
          case "ack"?:
            #expect(message["ok"] as? Bool == true, "\(message)")
            acknowledged.append(message["id"] as? String ?? "")
            #expect(
              flips >= acknowledged.count,
              "acknowledgement \(acknowledged.count) came after only \(flips) changes of PlaybackStatus")
          default:
            break
          }
        }
        #expect(Set(acknowledged) == Set((1...commands).map { "c\($0)" }))
      }
    }
    await harness.stop()
  }
}
