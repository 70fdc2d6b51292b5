import BusTestSupport
import Foundation
import HubSupport
import Testing

/// What controllers ask of a bridged player reaches its client as Media Session actions, as the
/// protocol document's table says; what the client does not handle is not offered.
@Suite("Bridge: actions", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct ActionTests {
  static let allActions = [
    "play", "pause", "stop", "seekbackward", "seekforward", "seekto", "previoustrack", "nexttrack",
  ]

  /// A hub and a client with one registered player handling `actions`, with metadata and a
  /// position state of 60 s at 10 s.
  func player(_ appID: String, actions: [String] = allActions) async throws -> (BridgedHub, BridgeClient) {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    try await client.register(appID: appID)
    try await client.apply(["type": "actions", "player": "main", "actions": actions])
    try await client.apply([
      "type": "metadata", "player": "main", "metadata": ["title": "Tone", "trackId": "tone-1"],
    ])
    try await client.apply([
      "type": "positionState", "player": "main", "positionState": ["duration": 60, "position": 10],
    ])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    return (hub, client)
  }

  @Test func `play, pause, stop, next and previous from playerctl reach the client as actions`() async throws
  {
    let (hub, client) = try await player("actions")
    for (verb, action) in [
      ("play", "play"), ("pause", "pause"), ("stop", "stop"), ("next", "nexttrack"),
      ("previous", "previoustrack"),
    ] {
      #expect(try await hub.bus.playerctl("--player=actions", verb).succeeded)
      let message = try await client.nextAction()
      #expect(message.action == action, "\(verb): \(message)")
      #expect(message["player"] == "main")
    }
    await client.close()
  }

  @Test func `PlayPause is the joint command: pause while playing, play otherwise`() async throws {
    let (hub, client) = try await player("toggle")
    #expect(try await hub.bus.playerctl("--player=toggle", "play-pause").succeeded)
    let first = try await client.nextAction()
    #expect(first.action == "play" && first["command"] == "togglePlayPause", "\(first)")
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "playing"])
    #expect(try await hub.bus.playerctl("--player=toggle", "play-pause").succeeded)
    #expect(try await client.nextAction().action == "pause")
    await client.close()
  }

  @Test func `Seek is seekforward or seekbackward with an offset, or seekto when only that is handled`()
    async throws
  {
    let (hub, client) = try await player("seeker")
    #expect(try await hub.bus.playerctl("--player=seeker", "position", "5+").succeeded)
    let forward = try await client.nextAction()
    #expect(forward.action == "seekforward" && (forward.details["seekOffset"] as? Double) == 5, "\(forward)")
    #expect(try await hub.bus.playerctl("--player=seeker", "position", "3-").succeeded)
    let backward = try await client.nextAction()
    #expect(
      backward.action == "seekbackward" && (backward.details["seekOffset"] as? Double) == 3, "\(backward)")
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause", "seekto"]])
    #expect(try await hub.bus.playerctl("--player=seeker", "position", "5+").succeeded)
    let seekto = try await client.nextAction()
    #expect(seekto.action == "seekto", "\(seekto)")
    #expect(
      abs((seekto.details["seekTime"] as? Double ?? 0) - 15) < 0.01, "paused at 10 s, 5 s on: \(seekto)")
    await client.close()
  }

  @Test func `SetPosition reaches the client as seekto, and a stale track id is refused`() async throws {
    let (hub, client) = try await player("setpos")
    let busName = "org.mpris.MediaPlayer2.setpos"
    let metadata = try await hub.bus.typedProperty("Metadata", at: busName)
    let trackID = try #require(metadata.members?["mpris:trackid"]?.value.stringValue)
    #expect(metadata.members?["mpris:trackid"]?.type == "o", "a typed track id")
    let call = { (track: String, microseconds: Int) in
      try await hub.bus.busctl(
        "call", busName, BridgedHub.mprisPath, "org.mpris.MediaPlayer2.Player", "SetPosition", "ox", track,
        "\(microseconds)")
    }
    #expect(try await call(trackID, 42_000_000).succeeded)
    let seek = try await client.nextAction()
    #expect(seek.action == "seekto" && (seek.details["seekTime"] as? Double) == 42, "\(seek)")
    #expect((seek.details["fastSeek"] as? Bool) == false)
    // A new item: the old track id is stale, and the call changes nothing.
    try await client.apply([
      "type": "metadata", "player": "main", "metadata": ["title": "Next", "trackId": "tone-2"],
    ])
    _ = try await call(trackID, 20_000_000)
    try await client.request(["type": "ping"], id: "after-stale")
    #expect(
      !client.received.contains { $0.type == "action" && ($0.details["seekTime"] as? Double) == 20 },
      "a stale track id must not move the position")
    await client.close()
  }

  @Test func `Can properties follow the actions handled, and an action not handled is never sent`()
    async throws
  {
    let (hub, client) = try await player("cans", actions: ["play"])
    let busName = "org.mpris.MediaPlayer2.cans"
    func can(_ name: String) async throws -> Bool {
      try await hub.bus.typedProperty(name, at: busName).value.boolValue == true
    }
    #expect(try await can("CanPlay"))
    #expect(!(try await can("CanPause")))
    #expect(!(try await can("CanGoNext")))
    #expect(!(try await can("CanGoPrevious")))
    #expect(!(try await can("CanSeek")))
    #expect(try await can("CanControl"))
    // The spec: with CanGoNext false, Next has no effect.
    _ = try await hub.bus.busctl(
      "call", busName, BridgedHub.mprisPath, "org.mpris.MediaPlayer2.Player", "Next")
    try await client.request(["type": "ping"], id: "after-next")
    #expect(!client.received.contains { $0.type == "action" })
    try await client.apply([
      "type": "actions", "player": "main",
      "actions": ["play", "pause", "nexttrack", "previoustrack", "seekto"],
    ])
    #expect(try await can("CanPause"))
    #expect(try await can("CanGoNext"))
    #expect(try await can("CanGoPrevious"))
    #expect(try await can("CanSeek"))
    await client.close()
  }

  @Test func `each MPRIS call of an action not handled answers as the protocol document's table says`()
    async throws
  {
    let (hub, client) = try await player("unhandled", actions: ["play", "seekforward"])
    let busName = "org.mpris.MediaPlayer2.unhandled"
    /// Calls `method` (with `arguments`) through gdbus, which names the D-Bus error; returns the
    /// error's name, or "" for a reply.
    func call(_ method: String, _ arguments: [String] = []) async throws -> String {
      let result = try await hub.bus.run(
        "gdbus",
        [
          "call", "--address", hub.bus.address, "--dest", busName, "--object-path", BridgedHub.mprisPath,
          "--method", method,
        ] + arguments)
      guard result.status != 0 else { return "" }
      return result.error.components(separatedBy: "GDBus.Error:").last?.components(separatedBy: ":").first
        ?? result.error
    }
    func write(_ property: String, _ value: String) async throws -> String {
      try await call(
        "org.freedesktop.DBus.Properties.Set", ["org.mpris.MediaPlayer2.Player", property, value])
    }
    let player = "org.mpris.MediaPlayer2.Player."
    let ours = "io.github.swift_remote_control.RemoteControl1.Error."
    // play alone: PlayPause is refused, since MPRIS allows it only while CanPause is true.
    #expect(try await call(player + "PlayPause") == "org.freedesktop.DBus.Error.NotSupported")
    // A command not offered never reaches the app: Stop answers NotSupported.
    #expect(try await call(player + "Stop") == "org.freedesktop.DBus.Error.NotSupported")
    #expect(try await call(player + "Pause") == "", "CanPause false: no effect, an empty reply")
    #expect(
      try await call(player + "Seek", ["int64 -2000000"]) == ours + "Unhandled", "backwards, seekforward only"
    )
    #expect(try await write("Rate", "<2.0>") == "org.freedesktop.DBus.Error.InvalidArgs")
    #expect(try await write("Rate", "<1.0>") == ours + "Unhandled")
    #expect(try await write("Volume", "<0.5>") == ours + "Unhandled")
    try await client.request(["type": "ping"], id: "after-refusals")
    #expect(!client.received.contains { $0.type == "action" }, "\(client.received)")
    // pause but not play, while paused: the joint command finds nothing to send.
    try await client.apply([
      "type": "actions", "player": "main", "actions": ["pause", "nexttrack", "seekforward"],
    ])
    #expect(try await call(player + "PlayPause") == ours + "CommandFailed")
    // Seek past the end is nexttrack, its command nextTrack; Seek(0) is a seekforward of 0.
    #expect(try await call(player + "Seek", ["int64 60000000"]) == "")
    let next = try await client.nextAction()
    #expect(next.action == "nexttrack" && next["command"] == "nextTrack", "\(next)")
    #expect(try await call(player + "Seek", ["int64 0"]) == "")
    let probe = try await client.nextAction()
    #expect(probe.action == "seekforward" && (probe.details["seekOffset"] as? Double) == 0, "\(probe)")
    await client.close()
  }
}
