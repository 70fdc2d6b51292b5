import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// binaural against a real `pulseaudio` with `module-role-cork`: a call made with
/// `pacat --property=media.role=phone` interrupts it and its end resumes it; a sink unloaded under
/// it pauses it, and loaded again starts nothing.
@Suite(
  "binaural, interrupted", .serialized, .enabled(if: PulseAudioServer.requirement), .leavesNoChildProcesses)
struct BinauralInterruptionTests {
  /// A sound server with module-role-cork and a second null sink, a bus, and binaural playing
  /// to `sink` on them.
  struct Rig {
    let server: PulseAudioServer
    let bus: PrivateBus
    let binaural: ChildProcess

    func pactl(_ arguments: String...) async throws -> String {
      let result = try await ChildProcess.run("pactl", arguments, environment: server.environment)
      guard result.status == 0 else { throw TestFailure("pactl \(arguments) failed: \(result.error)") }
      return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A call: silence played as a phone stream on `sink`.
    func call(on sink: String = "test") throws -> ChildProcess {
      try ChildProcess(
        "pacat", ["--raw", "--property=media.role=phone", "--device=\(sink)", "/dev/zero"],
        environment: server.environment)
    }

    func status() async throws -> String { try await BinauralTests.playerctl(bus, "status") }

    func waitForStatus(_ expected: String) async throws {
      try await eventually("binaural \(expected)", within: .seconds(15)) { try await status() == expected }
    }

    func stop() async {
      await binaural.terminate()
      await server.stop()
      await bus.stop()
    }
  }

  func withRig(
    sink: String = "test", arguments: [String] = [], _ body: (Rig) async throws -> Void
  ) async throws {
    let server = try await PulseAudioServer.start()
    let bus = try await PrivateBus.start()
    let pactl = { (arguments: [String]) async throws in
      let result = try await ChildProcess.run("pactl", arguments, environment: server.environment)
      guard result.status == 0 else { throw TestFailure("pactl \(arguments) failed: \(result.error)") }
    }
    try await pactl(["load-module", "module-role-cork"])
    if sink != "test" { try await pactl(["load-module", "module-null-sink", "sink_name=\(sink)"]) }
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "pulse", "--bus-address", bus.address] + arguments,
      environment: bus.environment.merging(["PULSE_SERVER": server.address, "PULSE_SINK": sink]) { $1 })
    let rig = Rig(server: server, bus: bus, binaural: binaural)
    do {
      try await BinauralTests.waitUntilReady(binaural, on: bus)
      try await body(rig)
    } catch {
      let log = binaural.standardError
      await rig.stop()
      throw TestFailure("\(error)\nbinaural's log:\n\(log)")
    }
    await rig.stop()
  }

  @Test("its stream plays as music; with --category playAndRecord, as a call")
  func roleFollowsTheCategory() async throws {
    try await withRig { rig in
      try await eventually("binaural's music stream") {
        try await rig.pactl("list", "sink-inputs").contains(#"media.role = "music""#)
      }
    }
    try await withRig(arguments: ["--category", "playAndRecord"]) { rig in
      try await eventually("binaural's phone stream") {
        try await rig.pactl("list", "sink-inputs").contains(#"media.role = "phone""#)
      }
    }
  }

  @Test("a call corks it (interrupted, Paused to MPRIS) and the call's end resumes it")
  func callInterruptsAndItsEndResumes() async throws {
    try await withRig { rig in
      _ = try await BinauralTests.playerctl(rig.bus, "play")
      try await rig.waitForStatus("Playing")
      let call = try rig.call()
      try await rig.waitForStatus("Paused")
      try await eventually("binaural to say it was interrupted") {
        rig.binaural.standardError.contains("interrupted")
      }
      await call.terminate()
      try await rig.waitForStatus("Playing")
    }
  }

  @Test("heard from the sound server's cork and from a hub over the bus, a call reaches it once")
  func callHeardTwiceIsOneInterruption() async throws {
    try await withRig { rig in
      func session(_ method: String, _ arguments: String...) async throws {
        let result = try await rig.bus.busctl(
          [
            "call", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2/RemoteControl",
            "io.github.swift_remote_control.RemoteControl1", method,
          ] + arguments)
        #expect(result.succeeded, "\(result)")
      }
      _ = try await BinauralTests.playerctl(rig.bus, "play")
      try await rig.waitForStatus("Playing")
      let call = try rig.call()
      try await eventually("the cork") { rig.binaural.standardError.contains("interrupted") }
      try await session("BeginInterruption")
      await call.terminate()
      try await eventually("the call gone and binaural's stream unmuted") {
        let streams = try await rig.pactl("list", "sink-inputs")
        return !streams.contains(#"media.role = "phone""#) && !streams.contains("Mute: yes")
      }
      // The hub's interruption is still under way: nothing resumed, nothing told.
      #expect(try await rig.status() == "Paused")
      #expect(!rig.binaural.standardError.contains("interruption ended"))
      try await session("EndInterruption", "b", "true")
      try await rig.waitForStatus("Playing")
      let log = rig.binaural.standardError
      #expect(log.components(separatedBy: "interrupted").count == 2, "one interruption: \(log)")
      #expect(log.components(separatedBy: "interruption ended").count == 2, "one end: \(log)")
    }
  }

  @Test("a pause pressed during the call wins: the call's end does not resume it")
  func pressDuringTheCallWins() async throws {
    try await withRig { rig in
      _ = try await BinauralTests.playerctl(rig.bus, "play")
      try await rig.waitForStatus("Playing")
      let call = try rig.call()
      try await eventually("binaural to say it was interrupted") {
        rig.binaural.standardError.contains("interrupted")
      }
      _ = try await BinauralTests.playerctl(rig.bus, "pause")
      try await eventually("binaural to log the pause") { rig.binaural.standardError.contains("pause") }
      await call.terminate()
      try await eventually("the call's end to reach binaural") {
        rig.binaural.standardError.contains("interruption ended")
      }
      #expect(try await rig.status() == "Paused")
    }
  }

  @Test("a paused player stays paused after a call")
  func pausedPlayerIsNotStartedByACall() async throws {
    try await withRig { rig in
      let call = try rig.call()
      try await eventually("the call's stream") {
        try await rig.pactl("list", "sink-inputs").contains(#"media.role = "phone""#)
      }
      await call.terminate()
      try await eventually("the call's end to reach binaural") {
        rig.binaural.standardError.contains("interruption ended")
      }
      #expect(try await rig.status() == "Paused")
    }
  }

  @Test("its sink unloaded under it pauses it; loaded again, nothing starts")
  func lostSinkPausesAndItsReturnStartsNothing() async throws {
    try await withRig(sink: "headphones") { rig in
      _ = try await BinauralTests.playerctl(rig.bus, "play")
      try await rig.waitForStatus("Playing")
      let module = try await rig.pactl("list", "short", "modules")
        .split(separator: "\n").first { $0.contains("sink_name=headphones") }?
        .split(separator: "\t").first.map(String.init)
      _ = try await rig.pactl("unload-module", try #require(module))
      try await rig.waitForStatus("Paused")
      #expect(rig.binaural.standardError.contains("output lost"))
      _ = try await rig.pactl("load-module", "module-null-sink", "sink_name=headphones")
      try await eventually("the headphones back") {
        try await rig.pactl("list", "short", "sinks").contains("headphones")
      }
      #expect(try await rig.status() == "Paused")
    }
  }
}
