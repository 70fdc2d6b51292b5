import BusTestSupport
import DBus
import Foundation
import PlayerView
import Synchronization
import Testing

@testable import WebRemote

/// A hub whose web remote nobody has open makes no JSON for the players' changes: it keeps
/// each player's record, and makes the snapshot when a client subscribes or a request asks.
@Suite(
  "The directory: snapshots only for someone", .enabled(if: .dbusDaemon),
  .timeLimit(.minutes(1)))
struct SnapshotOnDemandTests {
  @Test func `changes with no client make no snapshot; a client then gets the state, and deltas from it`()
    async throws
  {
    let harness = try await WebRemoteHarness.start()
    let directory = harness.webRemote.directory
    let player = harness.player
    try await harness.test { _ in
      try await eventually("the directory takes in podcasts' first track") {
        directory.record("podcasts")?.mirror.metadata["xesam:title"]?.stringValue == player.title
      }
      player.changeTrack(to: "Episode 2")
      try await eventually("the directory takes in the new track") {
        directory.record("podcasts")?.mirror.metadata["xesam:title"]?.stringValue == "Episode 2"
      }
      #expect(directory.state.withLock { $0.snapshots.isEmpty }, "no client, yet a snapshot was made")

      let (subscriber, messages) = directory.subscribe(deviceID: "test")
      var received = messages.makeAsyncIterator()
      func next() async throws -> [String: Any] {
        let text = try #require(await received.next())
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
      }
      func title(_ player: [String: Any]?) -> String? {
        (player?["metadata"] as? [String: Any])?["title"] as? String
      }
      let snapshot = try await next()
      #expect(snapshot["type"] as? String == "snapshot")
      #expect(title((snapshot["players"] as? [[String: Any]])?.first) == "Episode 2", "\(snapshot)")
      player.changeTrack(to: "Episode 3")
      var change = try await next()
      // The artwork, looked at after the track named it, may come first.
      while title(change["changes"] as? [String: Any]) == nil { change = try await next() }
      #expect(change["type"] as? String == "changed")
      #expect(title(change["changes"] as? [String: Any]) == "Episode 3")
      #expect((change["changes"] as? [String: Any])?["busName"] == nil, "a delta, not the whole player")
      directory.unsubscribe(subscriber)
    }
    await harness.stop()
  }
}
