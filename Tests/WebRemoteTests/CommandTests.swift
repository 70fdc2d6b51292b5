import BusTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RemoteControl
import Testing
import WebRemote

/// The REST API's players and commands, through the router, against players of the test's own
/// on a private bus: what a command asks reaches the player over MPRIS before it is
/// acknowledged, and a refused command reaches it not at all.
@Suite("REST: players and commands", .enabled(if: .dbusDaemon))
struct CommandTests {
  @Test func theSnapshotDescribesThePlayerAsTheAPIDocumentsIt() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      // The extension interface's properties (like, at a child object) are read a round trip
      // after the player's own: the snapshot shows like once they are in. The artwork shows once
      // its file was looked at off the cooperative pool, which may come after either.
      let player = try await eventually("the player's snapshot offering like, with its artwork") {
        () async throws -> [String: Any]? in
        let player = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
        guard (player["commands"] as? [String: Bool])?["like"] == true, player["artwork"] is String else {
          return nil
        }
        return player
      }
      #expect(player["id"] as? String == "podcasts")
      #expect(player["busName"] as? String == "org.mpris.MediaPlayer2.podcasts")
      #expect(player["isNowPlaying"] as? Bool == true)
      #expect(player["playbackStatus"] as? String == "Paused")
      let metadata = try #require(player["metadata"] as? [String: Any])
      #expect(metadata["title"] as? String == harness.player.title)
      #expect(metadata["length"] as? Double == 1800)
      let position = try #require(player["position"] as? [String: Any])
      #expect(position["rate"] as? Double == 0)
      #expect((position["at"] as? Int ?? 0) > 1_700_000_000_000)
      let commands = try #require(player["commands"] as? [String: Bool])
      #expect(commands["togglePlayPause"] == true)
      #expect(commands["seek"] == true)
      #expect(commands["nextTrack"] == false, "the player offers no next track")
      #expect((player["artwork"] as? String)?.hasPrefix("/api/players/podcasts/artwork?v=") == true)
      let list = try WebRemoteAPI.object(try await WebRemoteAPI.get(client, "/api/players", as: device))
      #expect(list["nowPlaying"] as? String == "podcasts")
      #expect((list["players"] as? [[String: Any]])?.map { $0["id"] as? String } == ["podcasts"])
    }
    await harness.stop()
  }

  @Test func playIsAcknowledgedOnceThePlayerAnsweredAndTheSnapshotFollows() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      let response = try await WebRemoteAPI.post(client, "/api/players/podcasts/play", as: device)
      #expect(response.status == .ok)
      #expect(try WebRemoteAPI.object(response)["ok"] as? Bool == true)
      // Answered: the player had handled it.
      #expect(harness.player.received == [.play])
      #expect(harness.player.playbackState == .playing)
      let playing = try await eventually("the snapshot says Playing with a moving anchor") {
        () async throws -> [String: Any]? in
        let player = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
        return player["playbackStatus"] as? String == "Playing" ? player : nil
      }
      #expect((playing["position"] as? [String: Any])?["rate"] as? Double == 1)
    }
    await harness.stop()
  }

  @Test func volumeSeekAndLikeReachThePlayer() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      try await eventually("the player's snapshot offering like") {
        let player = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
        return (player["commands"] as? [String: Bool])?["like"] == true
      }
      let volume = try await WebRemoteAPI.post(
        client, "/api/players/podcasts/volume", as: device, body: #"{"volume": 0.25}"#)
      #expect(volume.status == .ok, "\(String(buffer: volume.body))")
      // A property set is answered before the application handled it: wait for the player to
      // announce the volume it took.
      try await eventually("the snapshot shows the volume") {
        try await WebRemoteAPI.snapshot(client, "podcasts", as: device)["volume"] as? Double == 0.25
      }
      #expect(await harness.player.application.commandCenter.changeVolumeCommand.currentVolume == 0.25)
      let seek = try await WebRemoteAPI.post(
        client, "/api/players/podcasts/seek", as: device, body: #"{"position": 42}"#)
      #expect(seek.status == .ok, "\(String(buffer: seek.body))")
      let position = harness.player.center.elapsedPlaybackTime
      #expect(abs((position - .seconds(42)) / .seconds(1)) < 0.001, "at \(position)")
      let like = try await WebRemoteAPI.post(client, "/api/players/podcasts/like", as: device, body: "{}")
      #expect(like.status == .ok, "\(String(buffer: like.body))")
      #expect(await harness.player.application.commandCenter.likeCommand.isActive)
      #expect(harness.player.received == [.changeVolume, .changePlaybackPosition, .like])
    }
    await harness.stop()
  }

  @Test(arguments: [
    ("/api/players/podcasts/play", "{not json", "bad-request"),
    ("/api/players/podcasts/launchMissiles", "", "unknown-command"),
    ("/api/players/vlc/play", "", "unknown-player"),
    ("/api/players/podcasts/nextTrack", "", "not-offered"),
    ("/api/players/podcasts/volume", #"{"volume": 2}"#, "out-of-range"),
    ("/api/players/podcasts/volume", #"{"volume": "loud"}"#, "bad-request"),
    ("/api/players/podcasts/volume", "", "bad-request"),
    ("/api/players/podcasts/seek", #"{"position": -5}"#, "out-of-range"),
    ("/api/players/podcasts/seek", #"{"position": 1801}"#, "out-of-range"),
    ("/api/players/podcasts/seek", #"{"position": 1e308}"#, "out-of-range"),
    ("/api/players/podcasts/skipForward", #"{"interval": 0}"#, "out-of-range"),
    ("/api/players/podcasts/play", #"{"extra": 1}"#, "bad-request"),
    ("/api/players/podcasts/play", "[]", "bad-request"),
    ("/api/players/podcasts/loop", #"{"loopStatus": "Forever"}"#, "out-of-range"),
  ])
  func badInputIsAnsweredWithAnErrorAndReachesNoPlayer(path: String, body: String, code: String) async throws
  {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let before = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      let response = try await WebRemoteAPI.post(client, path, as: device, body: body.isEmpty ? nil : body)
      #expect(try WebRemoteAPI.refusal(response) == code)
      #expect(response.status.code >= 400 && response.status.code < 500)
      #expect(harness.player.received.isEmpty)
      let after = try await WebRemoteAPI.snapshot(client, "podcasts", as: device)
      #expect(after["playbackStatus"] as? String == "Paused")
      #expect(after["volume"] as? Double == before["volume"] as? Double)
    }
    await harness.stop()
  }

  @Test func aBodyOver64KiBIsRefused() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      let body = #"{"volume": 0.5, "padding": ""# + String(repeating: "x", count: 70_000) + #""}"#
      let response = try await WebRemoteAPI.post(
        client, "/api/players/podcasts/volume", as: device, body: body)
      #expect(response.status == .contentTooLarge)
      #expect(try WebRemoteAPI.refusal(response) == "too-large")
      #expect(harness.player.received.isEmpty)
    }
    await harness.stop()
  }

  @Test func selectMakesAnotherPlayerNowPlaying() async throws {
    let harness = try await WebRemoteHarness.start(players: ["podcasts", "second"])
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      _ = try await WebRemoteAPI.snapshot(client, "second", as: device)
      let response = try await WebRemoteAPI.post(client, "/api/players/second/select", as: device)
      #expect(response.status == .ok)
      #expect(harness.source.currentOrder().nowPlaying == "org.mpris.MediaPlayer2.second")
      try await eventually("second is marked Now Playing") {
        try await WebRemoteAPI.snapshot(client, "second", as: device)["isNowPlaying"] as? Bool == true
      }
      // The list follows the view, which may take in podcasts' reads after second's under load.
      try await eventually("the list to show second, Now Playing, then podcasts") {
        let list = try WebRemoteAPI.object(try await WebRemoteAPI.get(client, "/api/players", as: device))
        return list["nowPlaying"] as? String == "second"
          && (list["players"] as? [[String: Any]])?.map { $0["id"] as? String } == ["second", "podcasts"]
      }
      #expect(harness.players.allSatisfy { $0.received.isEmpty }, "select is the hub's, not a player's")
    }
    await harness.stop()
  }

  @Test func artworkIsTheFileThePlayerPublishedWithCachingHeaders() async throws {
    let harness = try await WebRemoteHarness.start()
    try await harness.test { client in
      let device = try await WebRemoteAPI.pairDevice(client, code: harness.devices.newCode())
      // The artwork shows once its file was looked at off the cooperative pool, which may come
      // after the player's first snapshot.
      let path = try await eventually("the player's snapshot naming its artwork") {
        try await WebRemoteAPI.snapshot(client, "podcasts", as: device)["artwork"] as? String
      }
      let response = try await WebRemoteAPI.get(client, path, as: device)
      #expect(response.status == .ok)
      #expect(Array(response.body.readableBytesView) == TestPlayer.png)
      #expect(response.headers[.contentType] == "image/png")
      #expect(response.headers[.cacheControl]?.contains("immutable") == true)
      let tag = try #require(response.headers[.eTag])
      let again = try await client.execute(
        uri: path, method: .get,
        headers: [.authorization: device.authorization("GET", path), .ifNoneMatch: tag])
      #expect(again.status == .notModified)
      // An `<img>` sends no header: its signature rides in the query's `auth` parameter, once.
      let byQuery = path + "&auth=" + device.signature("GET", path)
      #expect(try await client.execute(uri: byQuery, method: .get).status == .ok)
      #expect(try await client.execute(uri: byQuery, method: .get).status == .unauthorized)
      // No path from the request is ever read.
      let traversal = try await WebRemoteAPI.get(
        client, "/api/players/podcasts/artwork/../../../../etc/passwd", as: device)
      #expect(traversal.status != .ok)
      let unknown = try await WebRemoteAPI.get(client, "/api/players/vlc/artwork", as: device)
      #expect(try WebRemoteAPI.refusal(unknown) == "unknown-player")
    }
    await harness.stop()
  }
}
