import BusTestSupport
import Foundation
import HubSupport
import SoundServer
import Testing

/// The cost of the matcher's `/proc` lookups per stream, side by side in one run, for
/// BENCHMARKS.md: `MEASURE_STREAM_MATCHING=1 swift test --filter StreamMatcherCostTests`. It
/// prints the figures; it checks only that each lookup found what it looked for and that a
/// cached match costs less than a first one.
@Suite(
  "The cost of matching a stream, per stream", .serialized, .timeLimit(.minutes(3)),
  .enabled(if: .optIn("MEASURE_STREAM_MATCHING")))
struct StreamMatcherCostTests {
  static let rounds = 200
  let files = ProcessFiles()

  /// p50 and p90 of `body`'s duration over ``rounds`` runs, in microseconds.
  func measure(_ body: () -> Bool) -> (p50: Double, p90: Double) {
    var samples: [Double] = []
    for _ in 0..<Self.rounds {
      let start = ContinuousClock.now
      let found = body()
      let elapsed = ContinuousClock.now - start
      #expect(found)
      samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    samples.sort()
    return (samples[samples.count / 2], samples[samples.count * 9 / 10])
  }

  @Test(.enabled(if: .bwrap))
  func `measure the process-tree and sandbox lookups per stream`() async throws {
    // A grandchild of a player, as a browser's audio service.
    let player = try ChildProcess("sh", ["-c", "sh -c 'sleep 300; true'; true"])
    defer { player.kill() }
    let grandchild = try await files.child(of: files.child(of: player.processIdentifier))
    // A Flatpak-shaped sandbox and its bus proxy's.
    let sandbox = try FlatpakShapedSandbox(instanceID: "7")
    defer { sandbox.remove() }
    let appID = sandbox.appID
    let running = try await sandbox.startAppAndProxy(reading: files)
    defer { running.kill() }
    let inside = running.inside
    let proxyProcess = running.proxyProcess

    let browser = PlayerProcess(processID: player.processIdentifier)
    let flatpak = PlayerProcess(processID: proxyProcess, desktopEntry: nil, reading: files)
    let descendantStream = stream(1, .init(processID: grandchild))
    let sandboxStream = stream(2, .init(processID: inside, binary: "sleep"))
    let portalStream = stream(3, .init(processID: inside, portalAppID: appID))

    let learn = measure {
      PlayerProcess(processID: proxyProcess, desktopEntry: nil, reading: files).flatpak != nil
    }
    let own = measure {
      var matcher = StreamMatcher(tree: files)
      return matcher.match(stream(4, .init(processID: player.processIdentifier)), to: browser)?.kind
        == .process
    }
    let descendant = measure {
      var matcher = StreamMatcher(tree: files)
      return matcher.match(descendantStream, to: browser)?.kind == .descendantProcess
    }
    let portal = measure {
      var matcher = StreamMatcher(tree: files)
      return matcher.match(portalStream, to: flatpak)?.kind == .flatpakApp
    }
    let sandboxed = measure {
      var matcher = StreamMatcher(tree: files)
      return matcher.match(sandboxStream, to: flatpak)?.kind == .flatpakApp
    }
    var warm = StreamMatcher(tree: files)
    _ = warm.match(sandboxStream, to: flatpak)
    _ = warm.match(descendantStream, to: browser)
    let cached = measure {
      warm.match(sandboxStream, to: flatpak)?.kind == .flatpakApp
        && warm.match(descendantStream, to: browser)?.kind == .descendantProcess
    }
    #expect(cached.p50 < sandboxed.p50)
    let processes = try files.processes().count
    var generations = 0
    var process = grandchild
    while let parent = files.status(of: process)?.parent, parent > 0 {
      generations += 1
      process = parent
    }
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
    print(
      """
      stream matching, \(Self.rounds) rounds each, \(processes) processes, load \(load) (µs: p50 / p90)
      player learned (GetConnectionUnixProcessID's pid → .flatpak-info): \(learn.p50) / \(learn.p90)
      first match, the player's own process: \(own.p50) / \(own.p90)
      first match, a grandchild (PPid walk to init, \(generations) parents): \(descendant.p50) / \(descendant.p90)
      first match, Flatpak by portal app id (PipeWire): \(portal.p50) / \(portal.p90)
      first match, Flatpak by NSpid scan of /proc (PulseAudio): \(sandboxed.p50) / \(sandboxed.p90)
      cached match (both streams again): \(cached.p50) / \(cached.p90)
      """)
  }
}
