import BusTestSupport
import Foundation
import HubAPI
import SoundTestSupport
import Testing

/// AirPlay in the audio session, as iOS arbitrates audio: a phone that starts playing to this
/// computer pauses the local players as an interrupted app is paused, and the interruptions
/// here (a call) act on its stream, which cannot be paused from here. With real parts: Debian's
/// shairport-sync 3.3.8 on a private system bus playing to a private PulseAudio (with
/// `module-role-cork`), pyatv streaming to it over RAOP on 127.0.0.1 (``ShairportSync``), the hub
/// relaying it, binaural and mpv + mpv-mpris playing to the same PulseAudio, and calls made with
/// `pacat --property=media.role=phone`.
@Suite(
  "AirPlay in the audio session", .serialized,
  .enabled(if: HubTools.mpvCanRun && ShairportSync.isInstalled), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct AirPlayArbitrationTests {
  /// The AirPlay stage, a session bus, and the hub on both.
  struct Rig {
    let stage: ShairportSync.Stage
    let bus: PrivateBus
    let hub: ChildProcess
    /// The logind stand-in on the stage's system bus, when asked for.
    let logind: LogindStandIn?
    let children = AudioSessionTests.Rig.Children()

    /// What players and `pacat` need to play to the stage's PulseAudio on the session bus.
    var environment: [String: String] {
      bus.environment.merging(["PULSE_SERVER": stage.sound.address]) { $1 }
    }

    /// binaural (ours) playing to the sound server, once it says Playing.
    func startBinaural() async throws -> ChildProcess {
      try await bus.startPlayingBinaural(environment: environment, children: children)
    }

    /// mpv + mpv-mpris playing a sine to the sound server, once the hub has taken in its
    /// announcement that it plays (the monitor saw it, so the bus had routed it to the hub, which
    /// answers `remotectl hub` after it): a call that follows finds it playing, and no late
    /// announcement counts as someone else's start.
    func startMpv() async throws {
      let child = try ChildProcess(
        "mpv",
        [
          "--no-config", "--idle=yes", "--pause", "--script=\(MPVPlugin.mpris ?? "")", "--no-video",
          "--ao=pulse", "--no-terminal", "av://lavfi:sine",
        ], environment: environment, standardError: .file("/dev/null"))
      children.all.append(child)
      try await waitForStatus("mpv", "Paused")
      let monitor = try SignalMonitor(on: bus, sender: "org.mpris.MediaPlayer2.mpv")
      try await monitor.ready()
      try await bus.playerctl("--player=mpv", "play")
      try await monitor.wait(for: "'Playing'")
      await monitor.stop()
      _ = try await hubReport()
    }

    /// A call: silence played as a `phone` stream.
    func call() throws -> ChildProcess {
      try ChildProcess(
        "pacat", ["--raw", "--property=media.role=phone", "/dev/zero"], environment: stage.sound.environment)
    }

    func status(_ player: String) async throws -> String {
      try await bus.status(player)
    }

    func waitForStatus(_ player: String, _ expected: String) async throws {
      try await bus.waitForStatus(player, expected)
    }

    /// Whether shairport-sync's streams on the sound server are muted: `nil` while it has none.
    func airPlayIsMuted() async throws -> Bool? {
      let streams = try await stage.sound.sinkInputVolumes().filter {
        $0.processID == stage.receiver.process.processIdentifier
      }
      return streams.isEmpty ? nil : streams.allSatisfy(\.isMuted)
    }

    /// Waits until shairport-sync's streams are muted (`true`) or not.
    func waitForAirPlay(muted: Bool) async throws {
      try await eventually(
        "shairport-sync's stream \(muted ? "muted" : "with its sound")", within: .seconds(10)
      ) {
        try await airPlayIsMuted() == muted
      }
    }

    /// `remotectl hub`'s report: the hub answers, and has taken in what came before the call.
    func hubReport() async throws -> String {
      let result = try await bus.run(BuiltProducts.remotectl, ["hub"])
      guard result.status == 0 else { throw TestFailure("remotectl hub failed: \(result.error)") }
      return result.error
    }
  }

  func withRig(logind withLogind: Bool = false, _ body: (Rig) async throws -> Void) async throws {
    try await PrivateBus.with { bus in
      try await ShairportSync.Stage.with(
        in: bus.directory, loading: ["module-role-cork", "module-stream-restore"]
      ) { stage in
        let logind = withLogind ? try await LogindStandIn.start(systemBus: stage.systemBus.address) : nil
        let hub: ChildProcess
        do {
          hub = try await bus.startHub(
            ["--no-http", "--proxy", "off"], environment: stage.environment, capturingLog: true)
        } catch {
          await logind?.stop()
          throw error
        }
        let rig = Rig(stage: stage, bus: bus, hub: hub, logind: logind)
        do {
          try await body(rig)
        } catch {
          for child in rig.children.all { _ = await child.terminate() }
          _ = await hub.terminate()
          await logind?.stop()
          throw TestFailure("\(error)\nremotectld's log:\n\(hub.standardError.suffix(6000))")
        }
        for child in rig.children.all { _ = await child.terminate() }
        _ = await hub.terminate()
        await logind?.stop()
      }
    }
  }

  @Test
  func
    `a phone that starts playing pauses the local players, ours interrupted without should-resume, and its end resumes nothing`()
    async throws
  {
    try await withRig { rig in
      let binaural = try await rig.startBinaural()
      try await rig.startMpv()
      let sender = try rig.stage.receiver.send(title: "From the Phone", seconds: 3)
      let start = try await sender.started()
      try await rig.waitForStatus("mpv", "Paused")
      try await rig.waitForStatus("binaural", "Paused")
      print("the local players were paused \(ContinuousClock.now - start) after the phone's stream started")
      #expect(binaural.standardError.contains("interrupted"), "\(binaural.standardError)")
      // The AirPlay stream is not silenced by its own start.
      #expect(try await rig.airPlayIsMuted() != true)
      try await sender.finished()
      try await rig.stage.receiver.waitForStatus("Stopped")
      try await eventually("the relay to say Stopped") {
        try await rig.status("ShairportSync.system") != "Playing"
      }
      _ = try await rig.hubReport()
      #expect(try await rig.status("mpv") == "Paused")
      #expect(try await rig.status("binaural") == "Paused")
      #expect(!binaural.standardError.contains("interruption ended"), "\(binaural.standardError)")
      // The user's press, not the stream's end, plays binaural again: its interruption ends then,
      // without should-resume.
      try await rig.bus.playerctl("--player=binaural", "play")
      try await rig.waitForStatus("binaural", "Playing")
      try await eventually("binaural to hear its interruption's end") {
        binaural.standardError.contains("interruption ended")
      }
      #expect(!binaural.standardError.contains("shouldResume=true"), "\(binaural.standardError)")
      await sender.stop()
    }
  }

  @Test func `a call silences the AirPlay stream for its length and its end gives the sound back`()
    async throws
  {
    try await withRig { rig in
      let sender = try rig.stage.receiver.send(seconds: 30)
      try await sender.started()
      try await rig.waitForAirPlay(muted: false)
      let callStart = ContinuousClock.now
      let call = try rig.call()
      try await rig.waitForAirPlay(muted: true)
      let muted = ContinuousClock.now - callStart
      let report = try await rig.hubReport()
      #expect(
        report.contains("Silenced (AirPlay; the sender cannot be paused from here): ShairportSync"),
        "\(report)")
      _ = await call.terminate()
      let callEnd = ContinuousClock.now
      try await rig.waitForAirPlay(muted: false)
      print(
        "the AirPlay stream was muted \(muted) after the call started, and unmuted \(ContinuousClock.now - callEnd) after it ended (pactl polled every 10 ms)"
      )
      #expect(!(try await rig.hubReport().contains("Silenced")))
      await sender.stop()
    }
  }

  @Test func `shairport-sync vanishing mid-call stops nothing: the call's end resumes the local player`()
    async throws
  {
    try await withRig { rig in
      let sender = try rig.stage.receiver.send(seconds: 30)
      try await sender.started()
      try await rig.waitForAirPlay(muted: false)
      // shairport-sync says Playing about a second after its stream appears; a Playing that came
      // during the call would be the phone's start, the latest action, after which the call's end
      // resumes nothing.
      try await rig.waitForStatus("ShairportSync.system", "Playing")
      // mpv starts while the phone plays: its start is the latest, and the two play together.
      try await rig.startMpv()
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      try await rig.waitForAirPlay(muted: true)
      rig.stage.receiver.process.kill()
      try await eventually("shairport-sync's stream to go") { try await rig.airPlayIsMuted() == nil }
      try await eventually("the relay to go") {
        !(try await rig.bus.playerctl("--list-all").output.contains("ShairportSync"))
      }
      _ = await call.terminate()
      try await rig.waitForStatus("mpv", "Playing")
      #expect(try await rig.hubReport().contains("No interruption under way"))
      #expect(rig.hub.exitStatus == nil)
      await sender.stop()
    }
  }

  @Test
  func `a sleep silences the AirPlay stream until the phone's next session, the wake gives nothing back`()
    async throws
  {
    try await withRig(logind: true) { rig in
      let logind = try #require(rig.logind)
      let systemBus = rig.stage.systemBus.address
      let sender = try rig.stage.receiver.send(seconds: 30)
      try await sender.started()
      try await rig.waitForAirPlay(muted: false)
      // The phone plays: the hub holds the sleep off until its stream is silenced.
      try await eventually("the hub to hold its inhibitor while the phone plays") {
        try await logind.inhibitors(systemBus: systemBus) == [AudioSessionTests.hubInhibitor]
      }
      let sleep = try await logind.sleep()
      #expect(sleep.released, "the hub did not release its inhibitor within 5 s")
      #expect(try await rig.airPlayIsMuted() == true)
      try await logind.wake()
      _ = try await rig.hubReport()
      #expect(try await rig.airPlayIsMuted() == true)
      // The session ends (shairport-sync says so `active_state_timeout`, 10 s, after), and the
      // next one is heard.
      await sender.stop()
      try await eventually("shairport-sync's session to end", within: .seconds(30)) {
        try await !rig.stage.receiver.isActive()
      }
      let next = try rig.stage.receiver.send(seconds: 30)
      try await next.started()
      try await eventually("the next session's stream", within: .seconds(10)) {
        try await rig.stage.receiver.isActive()
      }
      try await rig.waitForAirPlay(muted: false)
      await next.stop()
    }
  }

  @Test
  func
    `a lost output silences the AirPlay stream until the phone's next session: a call's end leaves it silent`()
    async throws
  {
    try await withRig { rig in
      let sound = rig.stage.sound
      let module = try await sound.pactl("load-module", "module-null-sink", "sink_name=speakers")
      try await sound.setDefaultSink("speakers")
      let sender = try rig.stage.receiver.send(seconds: 30)
      try await sender.started()
      try await rig.waitForAirPlay(muted: false)
      // The speakers go away: the server moves the stream elsewhere, and the hub silences it.
      _ = try await sound.pactl("unload-module", module)
      try await rig.waitForAirPlay(muted: true)
      // A call on top, and its end: the same session stays silent.
      let call = try rig.call()
      try await eventually("the call to be seen") {
        try await rig.hubReport().contains("Interruption under way")
      }
      _ = await call.terminate()
      try await eventually("the call to end") {
        try await rig.hubReport().contains("No interruption under way")
      }
      #expect(try await rig.airPlayIsMuted() == true)
      await sender.stop()
    }
  }
}
