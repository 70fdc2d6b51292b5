import BusTestSupport
import Foundation
import HubAPI
import SoundTestSupport
import Testing

/// The hub as the audio session's arbiter, against a real `pulseaudio` with `module-role-cork`
/// and against PipeWire's pulse server (`pipewire`, `wireplumber`, `pipewire-pulse`, which sends
/// no cork requests: only the hub acts there), binaural and mpv + mpv-mpris playing to it, and
/// calls made with `pacat --property=media.role=phone`.
@Suite(
  "The hub's audio session", .serialized,
  .enabled(if: HubTools.mpvCanRun && PulseAudioServer.requirement))
struct AudioSessionTests {
  /// A sound server, a bus, and remotectld watching both.
  struct Rig {
    let server: SoundServerUnderTest
    let bus: PrivateBus
    let hub: ChildProcess
    /// Players started on the bus and the sound server, stopped with the rig.
    let children = Children()

    final class Children: @unchecked Sendable {
      // Safe: only the test's own task touches it, one step after another.
      var all: [ChildProcess] = []
    }

    var environment: [String: String] {
      bus.environment.merging(["PULSE_SERVER": server.address]) { $1 }
    }

    func pactl(_ arguments: String...) async throws -> String {
      try await server.pactl(arguments)
    }

    /// A call: silence played as a stream of `role` (a phone stream by default).
    func call(role: String = "phone") throws -> ChildProcess {
      try ChildProcess(
        "pacat", ["--raw", "--property=media.role=\(role)", "/dev/zero"], environment: server.environment)
    }

    /// What `remotectl hub` says of the audio session: its first line that names an
    /// interruption.
    func interruptionLine() async throws -> String {
      try await remotectl("hub").split(separator: "\n").first { $0.contains("nterruption") }.map(String.init)
        ?? ""
    }

    /// mpv + mpv-mpris playing a sine to the sound server (on `sink` when given), once it has
    /// announced that it plays (the hub hears it then).
    @discardableResult
    func startMpv(sink: String? = nil, output: String = "pulse") async throws -> ChildProcess {
      let child = try ChildProcess(
        "mpv",
        [
          "--no-config", "--idle=yes", "--pause", "--script=\(MPVPlugin.mpris ?? "")", "--no-video",
          "--ao=\(output)",
          "--no-terminal", "av://lavfi:sine",
        ] + (sink.map { ["--audio-device=pulse/\($0)"] } ?? []),
        environment: environment, standardError: .file("/dev/null"))
      children.all.append(child)
      try await waitForStatus("mpv", "Paused")
      try await press("play", expecting: "Playing")
      return child
    }

    /// `playerctl --player=mpv COMMAND`, then waits for mpv's announcement of `status`.
    func press(_ command: String, expecting status: String) async throws {
      let monitor = try SignalMonitor(on: bus, sender: "org.mpris.MediaPlayer2.mpv")
      try await monitor.ready()
      try await bus.playerctl("--player=mpv", command)
      try await monitor.wait(for: "'\(status)'")
      await monitor.stop()
    }

    /// binaural (ours) playing to the sound server, once it says Playing.
    func startBinaural() async throws -> ChildProcess {
      try await bus.startPlayingBinaural(environment: environment, children: children)
    }

    func status(_ player: String) async throws -> String {
      try await bus.status(player)
    }

    func waitForStatus(_ player: String, _ expected: String) async throws {
      try await bus.waitForStatus(player, expected)
    }

    /// `remotectl ARGUMENTS` on the bus; its standard error.
    func remotectl(_ arguments: String...) async throws -> String {
      let result = try await bus.run(
        BuiltProducts.remotectl, arguments)
      guard result.status == 0 else { throw TestFailure("remotectl \(arguments) failed: \(result.error)") }
      return result.error
    }

    func stop() async {
      for child in children.all { _ = await child.terminate() }
      _ = await hub.terminate()
      await server.stop()
      await bus.stop()
    }
  }

  func withRig(
    _ kind: SoundServerUnderTest.Kind = .pulseAudio, proxy: Bool = false, hubArguments: [String] = [],
    hubEnvironment: [String: String] = [:], _ body: (Rig) async throws -> Void
  ) async throws {
    let (server, bus) = try await SoundServerUnderTest.startWithBus(
      kind, loading: kind == .pulseAudio ? ["module-role-cork"] : [])
    let hub: ChildProcess
    do {
      hub = try await bus.startHub(
        ["--no-http", "--proxy", proxy ? "on" : "off"] + hubArguments,
        environment: ["PULSE_SERVER": server.address].merging(hubEnvironment) { $1 }, capturingLog: true,
        waitingForName: false)
    } catch {
      await bus.stop()
      await server.stop()
      throw error
    }
    let rig = Rig(server: server, bus: bus, hub: hub)
    do {
      try await bus.waitForName("\(HubAddress.busName)")
      try await body(rig)
    } catch {
      let log = hub.standardError
      await rig.stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log)")
    }
    await rig.stop()
  }

  @Test(
    "a call pauses binaural and mpv, and its end resumes both; binaural hears the call once",
    arguments: SoundServerUnderTest.Kind.available)
  func callPausesAndItsEndResumes(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      let binaural = try await rig.startBinaural()
      try await rig.startMpv()
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      try await rig.waitForStatus("binaural", "Paused")
      try await eventually("remotectl hub to show the interruption") {
        try await rig.remotectl("hub").contains("Interruption under way")
      }
      _ = await call.terminate()
      try await rig.waitForStatus("mpv", "Playing")
      try await rig.waitForStatus("binaural", "Playing")
      let interruptions = binaural.standardError.components(separatedBy: "interrupted").count - 1
      #expect(
        interruptions == 1, "binaural heard the call \(interruptions) times:\n\(binaural.standardError)")
    }
  }

  @Test(
    "a player the user paused before the call, or pressed during it, is not resumed",
    arguments: SoundServerUnderTest.Kind.available)
  func theUsersPressesWin(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      try await rig.startMpv()
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      // The user presses play, then pause, during the call: theirs wins.
      try await rig.press("play", expecting: "Playing")
      try await eventually("the hub to say it resumes nothing") {
        try await rig.remotectl("hub").contains("its end resumes nothing")
      }
      try await rig.press("pause", expecting: "Paused")
      _ = await call.terminate()
      try await eventually("the interruption to end") {
        try await rig.remotectl("hub").contains("No interruption under way")
      }
      #expect(try await rig.status("mpv") == "Paused")
    }
  }

  @Test("a pause sent through the proxy during a call is the user's, though the player was paused already")
  func aPauseThroughTheProxyWins() async throws {
    try await withRig(proxy: true) { rig in
      try await rig.startMpv()
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      // The status does not change: only the press itself says that the user wants it paused.
      try await rig.bus.waitForName("org.mpris.MediaPlayer2.remotectld")
      let pause = try await rig.bus.run(
        "busctl", "--address", rig.bus.address, "call", "org.mpris.MediaPlayer2.remotectld",
        "/org/mpris/MediaPlayer2",
        "org.mpris.MediaPlayer2.Player", "Pause")
      #expect(pause.status == 0, "\(pause.error)")
      try await eventually("the hub to say it resumes nothing") {
        try await rig.remotectl("hub").contains("its end resumes nothing")
      }
      _ = await call.terminate()
      try await eventually("the interruption to end") {
        try await rig.remotectl("hub").contains("No interruption under way")
      }
      #expect(try await rig.status("mpv") == "Paused")
    }
  }

  @Test(
    "a sink unloaded under mpv pauses it; loaded again, it starts nothing",
    arguments: SoundServerUnderTest.Kind.available)
  func lostOutputPauses(on kind: SoundServerUnderTest.Kind) async throws {
    try await withRig(kind) { rig in
      let module = try await rig.pactl("load-module", "module-null-sink", "sink_name=headphones")
      try await rig.startMpv(sink: "headphones")
      try await eventually("mpv's stream on the sound server") {
        try await rig.pactl("list", "short", "sink-inputs").split(separator: "\n").count >= 1
      }
      _ = try await rig.pactl("unload-module", module)
      try await rig.waitForStatus("mpv", "Paused")
      // The hub matched mpv's stream by process and paused it.
      #expect(rig.hub.standardError.contains(#"players=[":1."#), "\(rig.hub.standardError)")
      _ = try await rig.pactl("load-module", "module-null-sink", "sink_name=headphones")
      // A call and its end afterwards: the hub has seen the new sink by then, and resumes
      // nothing, for it paused nothing.
      let call = try rig.call()
      try await eventually("the hub to see the call") {
        try await rig.remotectl("hub").contains("Interruption under way")
      }
      _ = await call.terminate()
      try await eventually("the interruption to end") {
        try await rig.remotectl("hub").contains("No interruption under way")
      }
      let status = try await rig.status("mpv")
      #expect(status != "Playing", "mpv started again: \(status)\n\(rig.hub.standardError)")
    }
  }

  @Test("remotectl interrupt begin pauses the playing players and end resumes them")
  func interruptVerb() async throws {
    try await withRig { rig in
      try await rig.startMpv()
      let begun = try await rig.remotectl("interrupt", "begin")
      #expect(begun.contains("Interruption under way"), "\(begun)")
      try await rig.waitForStatus("mpv", "Paused")
      let doctor = try await rig.bus.run(
        BuiltProducts.remotectl, ["doctor"])
      #expect(doctor.output.contains("its end resumes mpv"), "\(doctor.output)")
      _ = try await rig.remotectl("interrupt", "end")
      try await rig.waitForStatus("mpv", "Playing")
    }
  }
}
