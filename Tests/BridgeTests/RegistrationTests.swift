import BusTestSupport
import Foundation
import HubSupport
import Testing

/// Clients registering with remotectld's bridge become MPRIS players on the bus, and leave it
/// when they go.
@Suite("Bridge: registering", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct RegistrationTests {
  @Test func `a client registering over TCP becomes a player playerctl lists, with its title`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "webradio", identity: "Web Radio")
    #expect(busName == "org.mpris.MediaPlayer2.webradio")
    try await client.apply([
      "type": "metadata", "player": "main", "metadata": ["title": "Morning Show", "artist": "Example FM"],
    ])
    // playerctl shows the metadata only of a player that can play.
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    #expect(try await hub.bus.playerctl("--list-all").output.contains("webradio"))
    let title = try await hub.bus.playerctl("--player=webradio", "metadata", "title")
    #expect(title.trimmed == "Morning Show", "\(title) \(hub.log)")
    #expect(try await hub.bus.playerctl("--player=webradio", "metadata", "artist").trimmed == "Example FM")
    let identity = try await hub.bus.typedProperty("Identity", of: "org.mpris.MediaPlayer2", at: busName)
    #expect(identity.value.stringValue == "Web Radio", "\(identity)")
    await client.close()
  }

  @Test func `the Python example registers over the unix socket and performs playerctl's commands`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let example = try await PythonExample.start(
      on: hub, ["--app-id", "pyplayer", "--title", "First", "--title", "Second"])
    #expect(try await hub.bus.waitForPlayer("pyplayer", status: "Paused") == "First")
    #expect(try await hub.bus.playerctl("--player=pyplayer", "play").succeeded)
    #expect(try await example.line { $0.hasPrefix("action") } == "action play")
    try await hub.bus.waitUntil(playerctl: ["--player=pyplayer", "status"], prints: "Playing")
    #expect(try await hub.bus.playerctl("--player=pyplayer", "pause").succeeded)
    #expect(try await example.line { $0.hasPrefix("action") } == "action pause")
    try await hub.bus.waitUntil(playerctl: ["--player=pyplayer", "status"], prints: "Paused")
    #expect(try await hub.bus.playerctl("--player=pyplayer", "next").succeeded)
    #expect(try await example.line { $0.hasPrefix("action") } == "action nexttrack")
    try await hub.bus.waitUntil(playerctl: ["--player=pyplayer", "metadata", "title"], prints: "Second")
    #expect(try await hub.bus.playerctl("--player=pyplayer", "position", "30").succeeded)
    #expect(try await example.line { $0.hasPrefix("action") } == "action seekto 30")
    try await hub.bus.waitUntil(playerctl: ["--player=pyplayer", "position"], prints: "30.000000")
    await example.terminate()
    try await hub.waitForNameToVanish("org.mpris.MediaPlayer2.pyplayer", within: .seconds(1))
  }

  @Test func `the Python example over TCP authenticates with the token file`() async throws {
    let hub = try await BridgedHub.start()
    let example = try await PythonExample.start(
      on: hub, ["--app-id", "pytcp", "--tcp", "--title", "Over TCP"])
    #expect(try await hub.bus.waitForPlayer("pytcp") == "Over TCP")
    await example.terminate()
  }

  @Test func `closing the connection removes the player within a second`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "closing")
    #expect(try await hub.hasOwner(busName))
    let closed = ContinuousClock.now
    await client.close()
    try await hub.waitForNameToVanish(busName, within: .seconds(1))
    print("player gone \(ContinuousClock.now - closed) after the close")
  }

  @Test func `a client that stops answering pings is dropped, and its player leaves the bus`() async throws {
    let hub = try await BridgedHub.start(["--bridge-heartbeat", "0.5"])
    let example = try await PythonExample.start(on: hub, ["--app-id", "frozen"])
    let busName = "org.mpris.MediaPlayer2.frozen"
    #expect(try await hub.hasOwner(busName))
    // A stopped process keeps its socket open but answers no Ping: one missed Pong (within two
    // intervals) ends the connection, and the player leaves within a second of that.
    example.signal(SIGSTOP)
    try await hub.waitForNameToVanish(busName, within: .seconds(2))
    example.signal(SIGCONT)
    await example.terminate()
  }

  @Test func `a second player with an app id already on the bus gets an instance name`() async throws {
    let hub = try await BridgedHub.start()
    let first = try await hub.client()
    let second = try await hub.client()
    #expect(try await first.register(appID: "twin") == "org.mpris.MediaPlayer2.twin")
    let instance = try await second.register(appID: "twin")
    #expect(instance.hasPrefix("org.mpris.MediaPlayer2.twin.instance"), "\(instance)")
    #expect(try await hub.hasOwner(instance))
    let third = try await second.register("other", appID: "twin")
    #expect(third != instance && third.hasPrefix("org.mpris.MediaPlayer2.twin.instance"), "\(third)")
    await first.close()
    await second.close()
  }

  @Test func `unregister removes the player and frees its name for the connection`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "leaving")
    let answer = try await client.request(["type": "unregister", "player": "main"], id: "bye")
    #expect(answer.type == "unregistered")
    try await hub.waitForNameToVanish(busName, within: .seconds(1))
    #expect(try await client.register(appID: "leaving") == busName)
    await client.close()
  }
}

extension RegistrationTests {
  /// Every bridged player's bus connection is served on one thread the bridge shares: players
  /// do not cost a thread each.
  @Test func `twenty bridged players share one bus thread, not one each`() async throws {
    let hub = try await BridgedHub.start()
    let tasks = "/proc/\(hub.process.processIdentifier)/task"
    let first = try await hub.client()
    _ = try await first.register(appID: "page0", identity: "Page 0")
    let before = try FileManager.default.contentsOfDirectory(atPath: tasks).count
    var clients = [first]
    for n in 1..<20 {
      let client = try await hub.client()
      #expect(
        try await client.register(appID: "page\(n)", identity: "Page \(n)")
          == "org.mpris.MediaPlayer2.page\(n)")
      clients.append(client)
    }
    let after = try FileManager.default.contentsOfDirectory(atPath: tasks).count
    // Swift's cooperative pool may still grow to its size meanwhile (two threads on two cores).
    #expect(after <= before + 2, "threads: \(before) with one bridged player, \(after) with twenty")
    for client in clients { await client.close() }
  }
}
