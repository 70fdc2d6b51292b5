import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// Players matched to their streams as WirePlumber and KDE do, and a lost output pausing
/// whoever played on it however the server reports it: against a real PulseAudio and PipeWire's
/// pulse server, a "headphones" null sink beside a "speakers" one, mpv + mpv-mpris, and a Python
/// MPRIS player whose audio plays in a child or grandchild `pacat` (as a browser's does).
@Suite(
  "The hub matches players to streams and pauses whoever played on a lost output", .serialized,
  .enabled(if: HubTools.mpvCanRun && PulseAudioServer.requirement), .timeLimit(.minutes(3)))
struct AudioSessionMatchingTests {
  /// A sound server with "speakers" and "headphones" sinks, a bus, and the hub once started.
  final class Rig: @unchecked Sendable {
    // Safe: only the test's own task touches it, one step after another.
    let server: SoundServerUnderTest
    let bus: PrivateBus
    var hub: ChildProcess?
    var headphones = ""
    var children: [ChildProcess] = []

    init(server: SoundServerUnderTest, bus: PrivateBus) {
      self.server = server
      self.bus = bus
    }

    var environment: [String: String] { bus.environment.merging(["PULSE_SERVER": server.address]) { $1 } }

    func startHub() async throws {
      hub = try await bus.startHub(
        ["--no-http", "--proxy", "off"], environment: ["PULSE_SERVER": server.address], log: logPath)
    }

    var logPath: String { bus.directory.appendingPathComponent("remotectld.log").path }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func loadHeadphones() async throws {
      headphones = try await server.pactl("load-module", "module-null-sink", "sink_name=headphones")
    }

    func unplugHeadphones() async throws {
      _ = try await server.pactl("unload-module", headphones)
    }

    /// mpv + mpv-mpris playing a sine on the headphones, once it announced that it plays.
    func startMpv() async throws {
      let child = try ChildProcess(
        "mpv",
        [
          "--no-config", "--idle=yes", "--pause", "--script=\(MPVPlugin.mpris ?? "")", "--no-video",
          "--ao=pulse", "--audio-device=pulse/headphones", "--no-terminal", "av://lavfi:sine",
        ], environment: environment, standardError: .file("/dev/null"))
      children.append(child)
      try await waitForStatus("mpv", "Paused")
      _ = try await bus.playerctl("--player=mpv", "play")
      try await waitForStatus("mpv", "Playing")
    }

    /// ``AudioChildPlayer`` named `name` on the headphones with `flags`, playing.
    func startChildPlayer(_ name: String, _ flags: [String]) async throws -> ChildProcess {
      let child = try ChildProcess(
        PythonPlayers.python, ["-c", AudioChildPlayer.script, name, "headphones"] + flags,
        environment: environment)
      children.append(child)
      try await waitForStatus(name, "Paused")
      _ = try await bus.playerctl("--player=\(name)", "play")
      try await waitForStatus(name, "Playing")
      return child
    }

    func status(_ player: String) async throws -> String {
      try await bus.playerctl("--player=\(player)", "status").trimmed
    }

    func waitForStatus(_ player: String, _ expected: String) async throws {
      try await eventually("\(player) \(expected)", within: .seconds(20)) {
        try await status(player) == expected
      }
    }

    /// The indices of the streams on the headphones sink.
    func streamsOnHeadphones() async throws -> [String] {
      let sinks = try await server.pactl("list", "short", "sinks")
      guard
        let index = sinks.split(separator: "\n").first(where: { $0.contains("headphones") })?
          .split(separator: "\t").first
      else { return [] }
      return try await server.pactl("list", "short", "sink-inputs").split(separator: "\n").compactMap {
        line in
        let fields = line.split(separator: "\t")
        return fields.dropFirst().first == index ? fields.first.map(String.init) : nil
      }
    }

    /// Waits until the server lists `count` streams on the headphones sink.
    func waitForStreamsOnHeadphones(_ count: Int) async throws {
      try await eventually("\(count) stream(s) on the headphones", within: .seconds(20)) {
        try await streamsOnHeadphones().count == count
      }
    }

    /// `remotectl doctor`'s output.
    func doctor() async throws -> String {
      try await bus.run(BuiltProducts.remotectl, ["doctor"])
        .output
    }

    /// A barrier on the sound server's order of events: a call made and ended, once the hub has
    /// seen both, so every event the server sent before it has reached the hub.
    func callAndWaitForTheHub() async throws {
      let call = try ChildProcess(
        "pacat", ["--raw", "--property=media.role=phone", "/dev/zero"], environment: server.environment)
      try await eventually("the hub to see the call") {
        try await doctor().contains("Interruption under way")
      }
      _ = await call.terminate()
      try await eventually("the call to end") { try await doctor().contains("No interruption under way") }
    }

    func stop() async {
      for child in children { _ = await child.terminate() }
      await server.stop()
      await bus.stop()
    }
  }

  func withRig(_ kind: SoundServerUnderTest.Kind, _ body: (Rig) async throws -> Void) async throws {
    let (server, bus) = try await SoundServerUnderTest.startWithBus(kind)
    let rig = Rig(server: server, bus: bus)
    do {
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=speakers")
      try await rig.loadHeadphones()
      try await body(rig)
    } catch {
      let log = rig.log
      await rig.stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log)")
    }
    await rig.stop()
  }

  @Test(
    "a player already playing when the hub starts is matched by process, and a lost output pauses it",
    arguments: SoundServerUnderTest.Kind.available)
  func aPlayerThereBeforeTheHub(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      try await rig.startMpv()
      try await rig.waitForStreamsOnHeadphones(1)
      try await rig.startHub()
      try await eventually("doctor to say how mpv is matched") {
        try await rig.doctor().contains("the hub matches mpv to its sound-server stream by process")
      }
      try await rig.unplugHeadphones()
      try await rig.waitForStatus("mpv", "Paused")
    }
  }

  @Test(
    "a player whose audio plays in a grandchild is matched by descendant process; a lost output pauses it once, and the sink's return starts nothing",
    arguments: SoundServerUnderTest.Kind.available)
  func aGrandchildsStream(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      try await rig.startHub()
      let player = try await rig.startChildPlayer("browser", ["--grandchild"])
      try await rig.waitForStreamsOnHeadphones(1)
      try await eventually("doctor to say how the browser is matched") {
        try await rig.doctor().contains(
          "the hub matches browser to its sound-server stream by descendant process")
      }
      try await rig.unplugHeadphones()
      try await rig.waitForStatus("browser", "Paused")
      try await rig.loadHeadphones()
      try await rig.callAndWaitForTheHub()
      let calls = player.standardOutput.split(separator: "\n").filter { $0 != "audio ended" }
      #expect(calls == ["Play", "Pause"], "\(player.standardOutput)")
    }
  }

  @Test(
    "a stream ended with its sink, and recreated on another, still pauses its player, once",
    arguments: SoundServerUnderTest.Kind.available)
  func aStreamEndedWithItsSink(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      try await rig.startHub()
      let player = try await rig.startChildPlayer("firefox", ["--grandchild", "--respawn"])
      try await rig.waitForStreamsOnHeadphones(1)
      try await eventually("doctor to say how firefox is matched") {
        try await rig.doctor().contains("the hub matches firefox to its sound-server stream by")
      }
      // The stream ends before its sink is removed, as Firefox's does; the player makes a new
      // stream on the speakers meanwhile.
      player.signal(SIGUSR1)
      try await rig.waitForStreamsOnHeadphones(0)
      try await rig.unplugHeadphones()
      try await rig.waitForStatus("firefox", "Paused")
      try await rig.callAndWaitForTheHub()
      let calls = player.standardOutput.split(separator: "\n").filter { $0 != "audio ended" }
      #expect(calls == ["Play", "Pause"], "\(player.standardOutput)")
    }
  }
}
