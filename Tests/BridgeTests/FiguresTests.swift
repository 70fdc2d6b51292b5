import BusTestSupport
import Foundation
import RemoteControlMPRIS
import Testing

/// The bridge's figures for BENCHMARKS.md, measured on a private bus with the real hub: a remote
/// event's way to the client, and 100 bridged players at once. Run with BRIDGE_FIGURES=1 (and
/// BRIDGE_REMOTECTLD=.build/release/remotectld to measure a release build of the hub).
@Suite(
  "Bridge: figures", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(5)),
  .enabled(if: .optIn("BRIDGE_FIGURES")))
struct FiguresTests {
  @Test func `a remote event reaches the client's handler over loopback`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    let busName = try await client.register(appID: "latency")
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    let bus = try await MediaPlayerBus.connect(address: hub.bus.address)
    defer { bus.close() }
    let player = bus.player(try #require(PlayerIdentity(busName: busName)))
    var latencies: [Duration] = []
    var answered: [Duration] = []
    for index in 0..<300 {
      let sent = ContinuousClock.now
      if index.isMultiple(of: 2) { try await player.play() } else { try await player.pause() }
      answered.append(ContinuousClock.now - sent)
      let action = try await client.nextAction()
      latencies.append(action.arrival - sent)
    }
    // The first calls warm the connection and the code paths up.
    let steady = Array(latencies.dropFirst(50)).sorted()
    let calls = Array(answered.dropFirst(50)).sorted()
    let p50 = steady[steady.count / 2]
    print(
      "bridge: MPRIS call → client's handler over loopback: p50 \(p50), p90 \(steady[steady.count * 9 / 10]), "
        + "p99 \(steady[steady.count * 99 / 100]); the MPRIS call answered: p50 \(calls[calls.count / 2]) "
        + "(\(steady.count) events)")
    #expect(p50 < .milliseconds(20), "far beyond the goal of 2 ms: \(p50)")
    await client.close()
  }

  @Test func `100 bridged players at once, with the hub's resident memory`() async throws {
    let hub = try await BridgedHub.start()
    let before = try residentKiB(of: hub.process.processIdentifier)
    var clients: [BridgeClient] = []
    let started = ContinuousClock.now
    for index in 0..<100 {
      let client = try await hub.client()
      try await client.register(appID: "many\(index)")
      try await client.apply([
        "type": "metadata", "player": "main", "metadata": ["title": "Player \(index)", "artist": "Bridge"],
      ])
      try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause", "seekto"]])
      clients.append(client)
    }
    let registered = ContinuousClock.now - started
    let listed = try await hub.bus.playerctl("--list-all").output.split(separator: "\n").filter {
      $0.hasPrefix("many")
    }
    #expect(listed.count == 100)
    let after = try residentKiB(of: hub.process.processIdentifier)
    print(
      "bridge: 100 bridged players registered in \(registered); hub resident memory \(before / 1024) MiB before, "
        + "\(after / 1024) MiB with 100 players (\((after - before) / 100) KiB a player)")
    let closed = ContinuousClock.now
    for client in clients { await client.close() }
    try await eventually("every bridged player to leave", within: .seconds(10)) {
      try await hub.bus.playerctl("--list-all").output.split(separator: "\n").allSatisfy {
        !$0.hasPrefix("many")
      }
    }
    print("bridge: 100 players gone \(ContinuousClock.now - closed) after their clients closed")
  }

  private func residentKiB(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }
}
