import BusTestSupport
import Foundation
import HubSupport
import Testing

/// A bridged player obeys what every player of the package does beyond the MPRIS interfaces:
/// the hub's Now Playing rule, and the extension interface.
@Suite("Bridge: the hub's rules", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct HubRulesTests {
  @Test func `a bridged player that starts playing becomes Now Playing, and the hub's proxy reaches it`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    try await client.register(appID: "nowplaying")
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await client.apply(["type": "metadata", "player": "main", "metadata": ["title": "On Air"]])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "playing"])
    let proxy = "org.mpris.MediaPlayer2.remotectld"
    try await eventually("the hub's proxy to show the bridged player's title") {
      try await hub.bus.typedProperty("Metadata", at: proxy).members?["xesam:title"]?.value.stringValue
        == "On Air"
    }
    #expect(
      try await hub.bus.busctl("call", proxy, BridgedHub.mprisPath, "org.mpris.MediaPlayer2.Player", "Pause")
        .succeeded)
    #expect(try await client.nextAction().action == "pause", "the proxy's Pause reaches the client")
    await client.close()
  }

  @Test func `the extension interface is served at the MPRIS object's RemoteControl child`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "extended")
    let introspection = try await hub.bus.busctl(
      "introspect", busName, "/org/mpris/MediaPlayer2/RemoteControl")
    #expect(
      introspection.output.contains("io.github.swift_remote_control.RemoteControl1"), "\(introspection)")
    await client.close()
  }
}
