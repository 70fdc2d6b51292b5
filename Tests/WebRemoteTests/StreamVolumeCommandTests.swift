import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import WebRemote

/// A stand-in for the hub's audio session's way to players' own streams: it answers a level, or
/// fails as told, and records every level set.
final class RecordingStreamVolumes: PlayerStreamVolumes {
  let level: Double
  let failure: APIError?
  let sets = Mutex<[(owner: String, level: Double)]>([])

  init(level: Double = 0.8, failure: APIError? = nil) {
    self.level = level
    self.failure = failure
  }

  func streamLevel(of owner: String) async throws(APIError) -> Double {
    if let failure { throw failure }
    return level
  }

  func setStreamLevel(_ level: Double, of owner: String) async throws(APIError) -> Double {
    if let failure { throw failure }
    sets.withLock { $0.append((owner, level)) }
    return level
  }
}

/// The volume command of a player without an MPRIS `Volume` goes to its own streams through the
/// hub (a stand-in here; the hub's own is tested against real sound servers in remotectldTests
/// and in a real browser in WebRemoteBrowserTests), and the snapshot says which control it drives.
@Suite("REST: a player's own volume through its streams", .enabled(if: .python3))
struct StreamVolumeCommandTests {
  @Test
  func `a player without Volume has its volume set on its streams, the level shown, another's untouched`()
    async throws
  {
    let volumes = RecordingStreamVolumes()
    let harness = try await WebRemoteHarness.start(
      players: [], binaurals: ["binaural"], childPlayers: [("quiet", ["--no-volume"])], streamVolumes: volumes
    )
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let quiet = try await eventually("quiet's streams' level in its snapshot") {
        () async throws -> [String: Any]? in
        let player = try await WebRemoteAPI.snapshot(client, "quiet", token: token)
        return player["volume"] as? Double == 0.8 ? player : nil
      }
      #expect(quiet["volumeControl"] as? String == "streams")
      #expect((quiet["commands"] as? [String: Bool])?["volume"] == true)
      let binaural = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      #expect(binaural["volumeControl"] as? String == "mpris")

      let set = try await WebRemoteAPI.post(
        client, "/api/players/quiet/volume", token: token, body: #"{"volume": 0.3}"#)
      #expect(set.status == .ok)
      let owner = try #require(quiet["busName"] as? String)
      let unique = try await harness.bus.gdbus(
        "call", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
        "org.freedesktop.DBus.GetNameOwner", owner)
      #expect(volumes.sets.withLock { $0.map(\.level) } == [0.3])
      #expect(volumes.sets.withLock { $0.map(\.owner) }.allSatisfy { unique.output.contains($0) })
      try await eventually("the level set in quiet's snapshot") {
        try await WebRemoteAPI.snapshot(client, "quiet", token: token)["volume"] as? Double == 0.3
      }

      // A player with its own Volume: the MPRIS property, never its streams.
      let mpris = try await WebRemoteAPI.post(
        client, "/api/players/binaural/volume", token: token, body: #"{"volume": 0.25}"#)
      #expect(mpris.status == .ok)
      #expect(volumes.sets.withLock { $0.count } == 1)
    }
    await harness.stop()
  }

  @Test func `a player whose Volume takes a write and stays as it was has its streams set, from then on`()
    async throws
  {
    let volumes = RecordingStreamVolumes()
    let harness = try await WebRemoteHarness.start(
      players: [], binaurals: ["binaural"], childPlayers: [("browser", ["--ignores-volume"])],
      streamVolumes: volumes)
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let before = try await WebRemoteAPI.snapshot(client, "browser", token: token)
      #expect(before["volumeControl"] as? String == "mpris")
      let set = try await WebRemoteAPI.post(
        client, "/api/players/browser/volume", token: token, body: #"{"volume": 0.3}"#)
      #expect(set.status == .ok)
      #expect(volumes.sets.withLock { $0.map(\.level) } == [0.3])
      let after = try await WebRemoteAPI.snapshot(client, "browser", token: token)
      #expect(after["volumeControl"] as? String == "streams")
      #expect(after["volume"] as? Double == 0.3)
      let again = try await WebRemoteAPI.post(
        client, "/api/players/browser/volume", token: token, body: #"{"volume": 0.5}"#)
      #expect(again.status == .ok)
      #expect(volumes.sets.withLock { $0.map(\.level) } == [0.3, 0.5])
    }
    await harness.stop()
  }

  @Test func `a player with no stream of its own is answered 409 with the hub's reason`() async throws {
    let reason = "org.mpris.MediaPlayer2.quiet has no stream of its own on the sound server: it plays nothing"
    let harness = try await WebRemoteHarness.start(
      players: [], binaurals: ["binaural"], childPlayers: [("quiet", ["--no-volume"])],
      streamVolumes: RecordingStreamVolumes(failure: APIError(.notOffered, reason)))
    try await harness.testLive { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let quiet = try await WebRemoteAPI.snapshot(client, "quiet", token: token)
      #expect(quiet["volumeControl"] as? String == "streams")
      #expect(quiet["volume"] is NSNull)
      let set = try await WebRemoteAPI.post(
        client, "/api/players/quiet/volume", token: token, body: #"{"volume": 0.3}"#)
      #expect(set.status == .conflict)
      #expect(try WebRemoteAPI.errorCode(set) == "not-offered")
      #expect(String(buffer: set.body).contains(reason))
    }
    await harness.stop()
  }
}
