import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import WebRemote

@Suite("REST: players and commands", .enabled(if: ChildProcess.which("playerctl") != nil))
struct CommandTests {
  @Test func theSnapshotDescribesBinauralAsTheAPIDocumentsIt() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      // The extension interface's properties (like, at a child object) are read a round trip
      // after the player's own: the snapshot shows like once they are in.
      let player = try await eventually("binaural's snapshot offering like") {
        () async throws -> [String: Any]? in
        let player = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
        return (player["commands"] as? [String: Bool])?["like"] == true ? player : nil
      }
      #expect(player["busName"] as? String == "org.mpris.MediaPlayer2.binaural")
      #expect(player["isNowPlaying"] as? Bool == true)
      #expect(player["playbackStatus"] as? String == "Paused")
      let metadata = try #require(player["metadata"] as? [String: Any])
      let title = try await harness.bus.run("playerctl", ["-p", "binaural", "metadata", "title"]).output
      #expect(metadata["title"] as? String == title.trimmingCharacters(in: .whitespacesAndNewlines))
      #expect((metadata["length"] as? Double ?? 0) > 0)
      let position = try #require(player["position"] as? [String: Any])
      #expect(position["rate"] as? Double == 0)
      #expect((position["at"] as? Int ?? 0) > 1_700_000_000_000)
      let commands = try #require(player["commands"] as? [String: Bool])
      #expect(commands["togglePlayPause"] == true)
      #expect((player["artwork"] as? String)?.hasPrefix("/api/players/binaural/artwork?v=") == true)
      let list = try WebRemoteAPI.object(try await WebRemoteAPI.get(client, "/api/players", token: token))
      #expect(list["nowPlaying"] as? String == "binaural")
      #expect((list["players"] as? [[String: Any]])?.map { $0["id"] as? String } == ["binaural"])
    }
    await harness.stop()
  }

  @Test func playIsAcknowledgedOnceThePlayerAnsweredAndTheSnapshotFollows() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let response = try await WebRemoteAPI.post(client, "/api/players/binaural/play", token: token)
      #expect(response.status == .ok)
      #expect(try WebRemoteAPI.object(response)["ok"] as? Bool == true)
      #expect(try await WebRemoteAPI.playerctlStatus(harness.bus, "binaural") == "Playing")
      let playing = try await eventually("the snapshot says Playing with a moving anchor") {
        () async throws -> [String: Any]? in
        let player = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
        return player["playbackStatus"] as? String == "Playing" ? player : nil
      }
      #expect((playing["position"] as? [String: Any])?["rate"] as? Double == 1)
    }
    await harness.stop()
  }

  @Test func volumeAndSeekReachThePlayer() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let volume = try await WebRemoteAPI.post(
        client, "/api/players/binaural/volume", token: token, body: #"{"volume": 0.25}"#)
      #expect(volume.status == .ok)
      let read = try await harness.bus.run("playerctl", ["-p", "binaural", "volume"]).output
      #expect(Double(read.trimmingCharacters(in: .whitespacesAndNewlines)) == 0.25)
      let seek = try await WebRemoteAPI.post(
        client, "/api/players/binaural/seek", token: token, body: #"{"position": 42}"#)
      #expect(seek.status == .ok)
      let position = try await harness.bus.run("playerctl", ["-p", "binaural", "position"]).output
      #expect(abs((Double(position.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) - 42) < 1)
    }
    await harness.stop()
  }

  @Test(arguments: [
    ("/api/players/binaural/play", "{not json", "bad-request"),
    ("/api/players/binaural/launchMissiles", "", "unknown-command"),
    ("/api/players/vlc/play", "", "unknown-player"),
    ("/api/players/binaural/volume", #"{"volume": 2}"#, "out-of-range"),
    ("/api/players/binaural/volume", #"{"volume": "loud"}"#, "bad-request"),
    ("/api/players/binaural/seek", #"{"position": -5}"#, "out-of-range"),
    ("/api/players/binaural/seek", #"{"position": 1e308}"#, "out-of-range"),
    ("/api/players/binaural/play", #"{"extra": 1}"#, "bad-request"),
    ("/api/players/binaural/loop", #"{"loopStatus": "Forever"}"#, "out-of-range"),
  ])
  func badInputIsAnsweredWithAnErrorAndChangesNothing(path: String, body: String, code: String) async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let before = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let response = try await WebRemoteAPI.post(client, path, token: token, body: body.isEmpty ? nil : body)
      #expect(try WebRemoteAPI.errorCode(response) == code)
      #expect(response.status.code >= 400)
      #expect(try await WebRemoteAPI.playerctlStatus(harness.bus, "binaural") == "Paused")
      let after = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      #expect(after["volume"] as? Double == before["volume"] as? Double)
    }
    await harness.stop()
  }

  @Test func aBodyOver64KiBIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let body = #"{"volume": 0.5, "padding": ""# + String(repeating: "x", count: 70_000) + #""}"#
      let response = try await WebRemoteAPI.post(
        client, "/api/players/binaural/volume", token: token, body: body)
      #expect(response.status == .contentTooLarge)
    }
    await harness.stop()
  }

  @Test func selectMakesAnotherPlayerNowPlaying() async throws {
    let harness = try await WebRemoteHarness.start(players: ["binaural", "second"])
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "second", token: token)
      let response = try await WebRemoteAPI.post(client, "/api/players/second/select", token: token)
      #expect(response.status == .ok)
      #expect(harness.source.currentOrder().nowPlaying == "org.mpris.MediaPlayer2.second")
      try await eventually("second is marked Now Playing") {
        try await WebRemoteAPI.snapshot(client, "second", token: token)["isNowPlaying"] as? Bool == true
      }
    }
    await harness.stop()
  }

  @Test func artworkIsTheFileThePlayerPublishedWithCachingHeaders() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let token = try await WebRemoteAPI.pair(client, code: harness.devices.newCode())
      let player = try await WebRemoteAPI.snapshot(client, "binaural", token: token)
      let path = try #require(player["artwork"] as? String)
      let response = try await WebRemoteAPI.get(client, path, token: token)
      #expect(response.status == .ok)
      let artURL = try await harness.bus.run("playerctl", ["-p", "binaural", "metadata", "mpris:artUrl"])
        .output
        .trimmingCharacters(in: .whitespacesAndNewlines)
      let file = try Data(contentsOf: try #require(URL(string: artURL)))
      #expect(Data(response.body.readableBytesView) == file)
      #expect(response.headers[.contentType]?.hasPrefix("image/") == true)
      #expect(response.headers[.cacheControl]?.contains("immutable") == true)
      let tag = try #require(response.headers[.eTag])
      let again = try await client.execute(
        uri: path, method: .get, headers: WebRemoteAPI.headers(token: token, extra: [.ifNoneMatch: tag]))
      #expect(again.status == .notModified)
      // No path from the request is ever read.
      let traversal = try await WebRemoteAPI.get(
        client, "/api/players/binaural/artwork/../../../../etc/passwd", token: token)
      #expect(traversal.status != .ok)
    }
    await harness.stop()
  }
}
