import BusTestSupport
import Foundation
import HummingbirdTesting
import HummingbirdWSClient
import NIOWebSocket
import Synchronization
import Testing
import WebRemote

/// The artwork file is looked at off the view's connection thread, which carries every reply a
/// command waits for (the proxy's forwarded calls share it in the hub): a file system that takes
/// its time delays the artwork alone.
@Suite(
  "The web remote looks at artwork files off the bus thread",
  .enabled(if: .playerctl),
  .timeLimit(.minutes(3)))
struct ArtworkLookupTests {
  /// Stands for a file system whose stat does not answer until the test lets it: each lookup
  /// made while held waits, without a thread, until ``release()``.
  final class HeldFileSystem: Sendable {
    private struct State {
      var isHolding = false
      var held: [(artURL: String, resume: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Holds every lookup from now on.
    func hold() { state.withLock { $0.isHolding = true } }

    /// Answers the held lookups and every later one.
    func release() {
      let held = state.withLock { state in
        defer {
          state.isHolding = false
          state.held = []
        }
        return state.held
      }
      for lookup in held { lookup.resume.resume() }
    }

    /// The URLs of the lookups waiting now.
    var waiting: [String] { state.withLock { $0.held.map(\.artURL) } }

    /// The artwork version of `artURL`, once let through: one made of its last characters.
    func version(of artURL: String) async -> String? {
      await withCheckedContinuation { continuation in
        let isHeld = state.withLock { state in
          if state.isHolding { state.held.append((artURL, continuation)) }
          return state.isHolding
        }
        if !isHeld { continuation.resume() }
      }
      return "held" + String(artURL.utf8.count)
    }
  }

  @Test
  func `a next track's change and acknowledgement arrive while its artwork file is still being looked at`()
    async throws
  {
    let files = HeldFileSystem()
    let harness = try await WebRemoteHarness.start(
      players: [], binaurals: ["binaural"], artworkVersion: { await files.version(of: $0) })
    try await harness.testLive { client in
      try await EventsClient.session(harness, client, player: "binaural") { snapshot, messages, outbound in
        let players = try #require(snapshot["players"] as? [[String: Any]])
        let title = (players.first { $0["id"] as? String == "binaural" }?["metadata"] as? [String: Any])?[
          "title"]
        files.hold()
        try await outbound.write(
          .text(#"{"type": "command", "id": "n1", "player": "binaural", "command": "nextTrack"}"#))
        let held = try await eventually("the new track's artwork file to be looked at") {
          files.waiting.first
        }
        // The view's thread goes on: the new title reaches the socket, then the player's answer.
        let changed = try await EventsClient.next(&messages) {
          $0["type"] as? String == "changed" && ($0["changes"] as? [String: Any])?["metadata"] != nil
        }
        let metadata = try #require((changed["changes"] as? [String: Any])?["metadata"] as? [String: Any])
        #expect(metadata["title"] as? String != title as? String)
        let ack = try await EventsClient.next(&messages) { $0["type"] as? String == "ack" }
        #expect(ack["id"] as? String == "n1")
        #expect(ack["ok"] as? Bool == true)
        #expect(files.waiting.contains(held), "the artwork lookup ended before the acknowledgement")
        // The artwork follows once the file system answers.
        files.release()
        let artwork = try await EventsClient.next(&messages) {
          ($0["changes"] as? [String: Any])?["artwork"] is String
        }
        #expect(
          (artwork["changes"] as? [String: Any])?["artwork"] as? String
            == "/api/players/binaural/artwork?v=held\(held.utf8.count)")
      }
    }
    await harness.stop()
  }
}
