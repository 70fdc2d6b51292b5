import BusTestSupport
import Foundation
import HubSupport
import Testing

/// A bridged player's position is extrapolated from the client's position state, as the Media
/// Session says; MPRIS Seeked is emitted only when a report jumps.
@Suite("Bridge: position", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct PositionTests {
  func position(_ hub: BridgedHub, _ busName: String) async throws -> Double {
    let value = try await hub.bus.typedProperty("Position", at: busName)
    return try #require(value.value.doubleValue) / 1e6
  }

  @Test func `position follows positionState while playing, and stays while paused`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "follows")
    // playerctl shows the metadata only of a player that can play.
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await client.apply(["type": "metadata", "player": "main", "metadata": ["title": "Follows"]])
    try await client.apply([
      "type": "positionState", "player": "main", "positionState": ["duration": 60, "position": 10],
    ])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    #expect(try await position(hub, busName) == 10)
    let metadata = try await hub.bus.typedProperty("Metadata", at: busName)
    #expect(metadata.members?["mpris:length"]?.value.doubleValue == 60_000_000, "\(metadata)")
    #expect(metadata.members?["mpris:length"]?.type == "x")
    let started = ContinuousClock.now
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "playing"])
    // It moves on from 10 s at the reported rate, never past the time elapsed since.
    let moved = try await eventually("the position to move on") { () async throws -> Double? in
      let now = try await position(hub, busName)
      let elapsed = (ContinuousClock.now - started).seconds
      #expect(now >= 10 && now <= 10 + elapsed + 0.05, "\(now) s after \(elapsed) s")
      return now > 10.3 ? now : nil
    }
    #expect(moved < 20)
    // Taken before the report is sent, as `started` above: the hub anchors the report when it
    // reads it, which is after this instant but may be before `apply` returns.
    let fast = ContinuousClock.now
    try await client.apply([
      "type": "positionState", "player": "main",
      "positionState": ["duration": 60, "position": 50, "playbackRate": 2],
    ])
    let twice = try await eventually("the position to move at twice the speed") {
      () async throws -> Double? in
      let now = try await position(hub, busName)
      return now > 50.4 ? now : nil
    }
    #expect(twice <= 50 + 2 * (ContinuousClock.now - fast).seconds + 0.05)
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    let paused = try await position(hub, busName)
    #expect(try await position(hub, busName) == paused, "paused, the position stays")
    await client.close()
  }

  @Test func `Seeked is emitted when a report jumps, never for a report that agrees with the extrapolation`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "jumps")
    try await client.apply([
      "type": "positionState", "player": "main", "positionState": ["duration": 600, "position": 10],
    ])
    let monitor = try await hub.bus.startSignalMonitor()
    // Reports that agree with where the hub has the position: paused at 10 s, the same report
    // again and again (as a page restating its state does), then playing on from there, and a
    // new rate at the position reached — none is a jump.
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    for _ in 0..<5 {
      try await client.apply([
        "type": "positionState", "player": "main", "positionState": ["duration": 600, "position": 10],
      ])
    }
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "playing"])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "paused"])
    let reached = try await position(hub, busName)
    try await client.apply([
      "type": "positionState", "player": "main",
      "positionState": ["duration": 600, "position": reached, "playbackRate": 1.5],
    ])
    try await client.apply(["type": "playbackState", "player": "main", "playbackState": "playing"])
    // Then a jump.
    try await client.apply([
      "type": "positionState", "player": "main", "positionState": ["duration": 600, "position": 300],
    ])
    let signals = try await monitor.signals(until: { $0.isSeeked })
    #expect(signals.filter(\.isSeeked).count == 1, "\(signals)")
    let seeked = try #require(signals.last?.position?.value.doubleValue)
    #expect(abs(seeked / 1e6 - 300) < 0.1, "Seeked to the jump: \(seeked)")
    #expect(try await position(hub, busName) >= 300)
    await monitor.stop()
    await client.close()
  }
}

extension Duration {
  /// This duration in seconds.
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
