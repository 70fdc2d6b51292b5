import BusTestSupport
import Foundation
import HubSupport
import Testing

/// Bad input gets an error naming the problem, changes nothing and disturbs nobody; clients
/// prove who they are; a client reaches only its own players; floods are limited.
@Suite("Bridge: bad input and access", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct BadInputTests {
  @Test func `every bad message is answered with an error naming the problem, and changes nothing`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "steady")
    try await client.apply(["type": "metadata", "player": "main", "metadata": ["title": "Steady"]])
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await client.apply([
      "type": "positionState", "player": "main", "positionState": ["duration": 60, "position": 10],
    ])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    let bad: [(String, String, String)] = [
      ("{", "malformed-message", "not JSON"),
      (#"{"type":"metadata","player":"main","metadata":{"title":7}}"#, "invalid-field", "title"),
      (#"{"type":"metadata","player":"main","metadata":{"title":"x","mood":"y"}}"#, "unknown-field", "mood"),
      (#"{"type":"actions","player":"main","actions":["play","hangup"]}"#, "unknown-action", "hangup"),
      (
        #"{"type":"positionState","player":"main","positionState":{"duration":60,"position":61}}"#,
        "invalid-position-state", "outside"
      ),
      (
        #"{"type":"positionState","player":"main","positionState":{"duration":-5}}"#,
        "invalid-position-state", "negative"
      ),
      (
        #"{"type":"positionState","player":"main","positionState":{"duration":60,"playbackRate":0}}"#,
        "invalid-position-state", "0"
      ),
      (#"{"type":"playbackState","player":"other","playbackState":"playing"}"#, "unknown-player", "other"),
      (#"{"type":"register","player":"main","appId":"steady2","identity":"x"}"#, "player-exists", "main"),
      (#"{"type":"hello","version":1}"#, "already-greeted", "hello"),
      (#"{"type":"fly"}"#, "unknown-type", "fly"),
    ]
    for (index, (text, code, named)) in bad.enumerated() {
      // The id goes in by hand, so that the text stays exactly as written.
      let withID = text.hasPrefix("{\"") ? "{\"id\":\"bad\(index)\"," + text.dropFirst() : text
      client.send(withID)
      let error = try await client.next { $0.type == "error" }
      #expect(error["code"] == code, "\(text): \(error)")
      #expect((error["message"] ?? "").contains(named), "\(text): \(error)")
      if withID != text { #expect(error["id"] == "bad\(index)", "\(error)") }
    }
    #expect(try await hub.bus.playerctl("--player=steady", "metadata", "title").trimmed == "Steady")
    #expect(try await hub.bus.typedProperty("CanGoNext", at: busName).value.boolValue == false)
    #expect(try await hub.bus.typedProperty("Position", at: busName).value.doubleValue == 10_000_000)
    #expect(try await hub.bus.playerctl("--player=steady", "status").trimmed == "Paused")
    #expect(!client.isClosed, "no bad message here closes the connection")
    await client.close()
  }

  @Test func `a program over TCP without the token, or with a wrong one, is refused and disconnected`()
    async throws
  {
    let hub = try await BridgedHub.start()
    for token: String? in [nil, "wrong"] {
      let client = try await BridgeClient.connect(hub.endpoint)
      var hello: [String: Any] = ["type": "hello", "version": 1]
      hello["token"] = token
      let answer = try await client.request(hello, id: "hello")
      #expect(answer.type == "error" && answer["code"] == "unauthorized", "\(answer)")
      try await eventually("the hub to close the connection") { client.isClosed }
    }
    let early = try await BridgeClient.connect(hub.endpoint)
    let refused = try await early.request(
      ["type": "register", "player": "p", "appId": "sneaky", "identity": "x"], id: "early")
    #expect(refused["code"] == "hello-required", "\(refused)")
    #expect(!(try await hub.hasOwner("org.mpris.MediaPlayer2.sneaky")))
    let version = try await early.request(["type": "hello", "version": 2, "token": hub.token], id: "v2")
    #expect(version["code"] == "unsupported-version", "\(version)")
    #expect((version.object["supported"] as? [Int]) == [1])
    await early.close()
  }

  /// A browser's connection, as Python's websockets makes it with an `Origin` header (the Swift
  /// client sends an `Origin` of its own): says hello without a token, registers, and prints
  /// every message it receives until the hub closes the connection.
  static let browser = PythonProgram.path("browser_connection.py")

  @Test func `a browser from an allowed origin needs no token, one from another origin is refused`()
    async throws
  {
    let hub = try await BridgedHub.start(origins: ["https://music.example"])
    let allowed = try hub.bus.start(
      PrivateBus.python3, [Self.browser, hub.endpoint, "https://music.example", "browser"])
    let registered: String
    do {
      registered = try await allowed.line { $0.contains("\"registered\"") }
    } catch {
      throw TestFailure("\(error): \(allowed.standardOutput) \(allowed.standardError) \(hub.log)")
    }
    #expect(registered.contains("org.mpris.MediaPlayer2.browser"), "\(registered)")
    let refused = try hub.bus.start(
      PrivateBus.python3, [Self.browser, hub.endpoint, "https://evil.example", "evil"])
    // It ends once the hub has closed the connection.
    #expect(try await refused.waitForExit(within: .seconds(10)) == 0, "\(refused.standardError)")
    let output = refused.standardOutput
    #expect(output.contains("origin-not-allowed") && output.contains("https://evil.example"), "\(output)")
    #expect(output.hasSuffix("closed\n"), "\(output)")
    #expect(!(try await hub.hasOwner("org.mpris.MediaPlayer2.evil")))
    await allowed.terminate()
  }

  @Test func `a client reaches only its own players`() async throws {
    let hub = try await BridgedHub.start()
    let owner = try await hub.client()
    let intruder = try await hub.client()
    try await owner.register(appID: "mine")
    try await owner.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await owner.apply(["type": "metadata", "player": "main", "metadata": ["title": "Mine"]])
    let answer = try await intruder.request(
      ["type": "metadata", "player": "main", "metadata": ["title": "Stolen"]], id: "steal")
    #expect(answer["code"] == "unknown-player", "\(answer)")
    #expect(try await hub.bus.playerctl("--player=mine", "metadata", "title").trimmed == "Mine")
    await intruder.close()
    #expect(try await hub.hasOwner("org.mpris.MediaPlayer2.mine"), "another client's leaving removes nothing")
    await owner.close()
  }

  @Test func `a flood is rate limited with one error a second, and another client is not slowed`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let flooder = try await hub.client()
    let calm = try await hub.client()
    try await flooder.register(appID: "flooder")
    for index in 0..<400 {
      flooder.send([
        "type": "playbackState", "player": "main",
        "playbackState": index.isMultiple(of: 2) ? "playing" : "paused",
      ])
    }
    let limited = try await flooder.next { $0.type == "error" }
    #expect(limited["code"] == "rate-limited", "\(limited)")
    let started = ContinuousClock.now
    try await calm.register(appID: "calm")
    #expect(ContinuousClock.now - started < .seconds(2), "the other client is served meanwhile")
    let errors = flooder.received.filter { $0.type == "error" }
    #expect(errors.count <= 2, "one error a second, not one per dropped message: \(errors.count)")
    await flooder.close()
    await calm.close()
  }

  @Test func `too many players, and a data: picture over the limit, are refused`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    for index in 0..<8 { try await client.register("p\(index)", appID: "many") }
    let ninth = try await client.request(
      ["type": "register", "player": "p8", "appId": "many", "identity": "x"], id: "9")
    #expect(ninth["code"] == "too-many-players", "\(ninth)")
    let big = Data(count: (2 << 20) + 1).base64EncodedString()
    let answer = try await client.request(
      [
        "type": "metadata", "player": "p0",
        "metadata": ["title": "Big", "artwork": [["src": "data:image/png;base64,\(big)"]]],
      ],
      id: "big", within: .seconds(60))
    #expect(answer["code"] == "artwork-too-large", "\(answer.text.prefix(300))")
    await client.close()
  }
}
