import BusTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import NIOWebSocket
import Testing
import WebRemote

/// One writer per socket: the acknowledgement goes through the socket's one queue, behind the
/// changes the player announced before answering, so the order holds however many commands are
/// under way and however their tasks are scheduled.
@Suite(
  "WebSocket /api/events: acknowledgements after their changes",
  .enabled(if: .playerctl), .timeLimit(.minutes(3)))
struct EventsSocketOrderTests {
  /// binaural announces what a command changed before it answers (several changes at once when
  /// they come fast, so toggles may cancel out in one announcement): once the last answer is
  /// acknowledged, the client already holds the state the player ended in.
  @Test func `with many commands under way at once, the last acknowledgement finds the client up to date`()
    async throws
  {
    // Odd: binaural ends playing.
    let commands = 15
    let harness = try await WebRemoteHarness.start(players: [], binaurals: ["binaural"])
    try await harness.testLive { client in
      try await EventsClient.session(harness, client, player: "binaural") { snapshot, messages, outbound in
        let players = try #require(snapshot["players"] as? [[String: Any]])
        let binaural = try #require(players.first { $0["id"] as? String == "binaural" })
        var status = try #require(binaural["playbackStatus"] as? String)
        #expect(status == "Paused")
        for index in 1...commands {
          try await outbound.write(
            .text(
              #"{"type": "command", "id": "c\#(index)", "player": "binaural", "command": "togglePlayPause"}"#
            ))
        }
        var acknowledged: [String] = []
        while acknowledged.count < commands {
          let message = try await EventsClient.next(&messages)
          switch message["type"] as? String {
          case "changed"? where message["id"] as? String == "binaural":
            if let changed = (message["changes"] as? [String: Any])?["playbackStatus"] as? String {
              status = changed
            }
          case "ack"?:
            #expect(message["ok"] as? Bool == true, "\(message)")
            acknowledged.append(message["id"] as? String ?? "")
          default:
            break
          }
        }
        #expect(Set(acknowledged) == Set((1...commands).map { "c\($0)" }))
        #expect(status == "Playing", "the last acknowledgement overtook the change before it")
      }
      #expect(
        try await harness.bus.playerctl("-p", "binaural", "status").output.trimmingCharacters(
          in: .whitespacesAndNewlines) == "Playing")
    }
    await harness.stop()
  }
}
