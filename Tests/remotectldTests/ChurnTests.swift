import BusTestSupport
import Foundation
import Testing

/// Many players appearing and vanishing in a loop: nothing the hub holds grows.
@Suite(
  "The hub under churn", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct ChurnTests {
  /// What the hub holds, seen from outside: its own resident memory (`RssAnon`: a leak's; the
  /// file pages it maps come and go, as the idle hub hands them back), its open file descriptors
  /// and threads, and what the bus counts for its connection (match rules, names).
  struct Holdings: Sendable, CustomStringConvertible {
    var residentKiB: Int
    var fileDescriptors: Int
    var threads: Int
    var matchRules: Int
    var busNames: Int
    var players: [String]

    var description: String {
      "RssAnon \(residentKiB) KiB, \(fileDescriptors) fds, \(threads) threads, \(matchRules) match rules, "
        + "\(busNames) bus names, players \(players)"
    }
  }

  /// Reads the hub's holdings: `/proc/PID` and the bus's `GetConnectionStats`.
  static func holdings(of hub: ChildProcess, on bus: PrivateBus) async throws -> Holdings {
    let status = try String(contentsOfFile: "/proc/\(hub.processIdentifier)/status", encoding: .utf8)
    func field(_ name: String) -> Int {
      let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
      return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? -1
    }
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(hub.processIdentifier)/fd")
    let stats = try await bus.run(
      "busctl",
      [
        "--address=\(bus.address)", "--json=short", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus.Debug.Stats", "GetConnectionStats", "s", PrivateBus.hubName,
      ])
    guard stats.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any],
      let values = (json["data"] as? [Any])?.first as? [String: [String: Any]]
    else { throw TestFailure("GetConnectionStats failed: \(stats)") }
    func stat(_ name: String) -> Int { values[name]?["data"] as? Int ?? -1 }
    return Holdings(
      residentKiB: field("RssAnon"), fileDescriptors: descriptors.count, threads: field("Threads"),
      matchRules: stat("MatchRules"), busNames: stat("BusNames"), players: try await bus.hubPlayers())
  }

  /// The hub's holdings once its descriptors and threads read the same twice, 200 ms apart: the
  /// hub's tries to reach a sound server (none answers here; it tries again at growing intervals,
  /// up to every 10 s) each hold a connection and its threads for a moment, which a single
  /// reading may catch.
  static func settledHoldings(of hub: ChildProcess, on bus: PrivateBus) async throws -> Holdings {
    var last = try await holdings(of: hub, on: bus)
    return try await eventually("the hub's descriptors and threads to read the same twice") {
      () async throws -> Holdings? in
      try await Task.sleep(for: .milliseconds(200))
      let current = try await holdings(of: hub, on: bus)
      defer { last = current }
      return current.fileDescriptors == last.fileDescriptors && current.threads == last.threads
        ? current : nil
    }
  }

  /// Runs `rounds` rounds of `count` players appearing and vanishing; each round ends once the
  /// hub has listed them all and then none.
  static func churn(on bus: PrivateBus, rounds: Int, count: Int) async throws {
    let script = try bus.start(
      PythonPlayers.python, PythonPlayers.churn(rounds: rounds, count: count),
      environment: PythonPlayers.environment)
    let status = try await script.waitForExit(within: .seconds(90))
    guard status == 0, script.standardOutput.hasSuffix("round \(rounds)\n") else {
      throw TestFailure(
        "the churn script failed (\(status)): \(script.standardOutput) \(script.standardError)")
    }
  }

  @Test func `50 players appearing and vanishing in a loop: memory, descriptors, matches, names stay put`()
    async throws
  {
    let bus = try await PrivateBus.start()
    // No sound server: one that another test started where libpulse looks by default would
    // hold a connection of the hub's that goes when that test ends, between two readings.
    let hub = try await bus.startHub(
      ["--log-level", "info"],
      environment: ["PULSE_SERVER": "unix:\(bus.directory.appendingPathComponent("no-sound-server").path)"])
    try await bus.startBinaural("a")
    try await eventually("the hub lists a", bus.hubPlayers, until: { $0 == ["a"] })
    // A warm-up, so that what the allocator and the runtime keep once is not taken for growth.
    try await Self.churn(on: bus, rounds: 3, count: 50)
    var readings = [try await Self.settledHoldings(of: hub, on: bus)]
    for _ in 1...3 {
      try await Self.churn(on: bus, rounds: 15, count: 50)
      readings.append(try await Self.settledHoldings(of: hub, on: bus))
    }
    print("  the hub after a warm-up, then after each 15 rounds of 50 players appearing and vanishing:")
    for reading in readings { print("    \(reading)") }
    let first = readings[0]
    for reading in readings.dropFirst() {
      #expect(reading.players == ["a"])
      #expect(reading.matchRules == first.matchRules)
      #expect(reading.busNames == first.busNames)
      #expect(reading.fileDescriptors == first.fileDescriptors)
      #expect(reading.threads <= first.threads + 2)
    }
    // 2250 players came and went: a leak of half a KiB each would show.
    let growth = (readings.last?.residentKiB ?? 0) - first.residentKiB
    #expect(growth < 1024, "resident memory grew by \(growth) KiB: \(readings)")
    #expect(hub.exitStatus == nil)
    await bus.stop()
  }
}
