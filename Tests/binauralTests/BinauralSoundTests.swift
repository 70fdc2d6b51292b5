import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// `binaural --output pulse` against a real `pulseaudio` with a null sink, driven by playerctl on
/// a private bus; the sink's monitor is recorded with parec and the tones measured (Goertzel).
@Suite("binaural, heard", .serialized, .enabled(if: PulseAudioServer.requirement), .leavesNoChildProcesses)
struct BinauralSoundTests {
  /// Frames at the start of each recording to skip: parec's own start.
  let settle = 4_800

  /// What a recording sounds like, the first `settle` frames skipped.
  func measured(_ sound: StereoSound) -> StereoSound { sound.frames(settle..<sound.frameCount) }

  /// Records 0.3 s at a time until `heard` holds for what was recorded (at most 10 s): playerctl
  /// returns when binaural has taken the command, and the sound server plays the change a moment
  /// later, later still on a busy machine. What is then compared is recorded after that.
  func waitUntilHeard(
    _ what: String, on server: PulseAudioServer, _ heard: @escaping (StereoSound) -> Bool
  ) async throws {
    try await eventually(what) { heard(measured(try await server.record(seconds: 0.4))) }
  }

  /// Expects the tones of a binaural beat in `sound` (a steady recording).
  func expectTones(
    _ sound: StereoSound, left: Double, right: Double, volume: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    sound.expectTones(
      left: left, right: right, amplitude: 0.5 * volume, sourceLocation: sourceLocation)
  }

  /// AudioPlayback's tones peak at 0.5 × volume: an RMS of 0.354 × volume.
  static func rms(volume: Double) -> Double { 0.5 / 2.squareRoot() * volume }

  @Test("the preset's carriers play, pause is silence, Next plays the next preset's, volume is heard")
  func playerctlDrivesWhatIsHeard() async throws {
    let server = try await PulseAudioServer.start()
    let bus = try await PrivateBus.start()
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "pulse", "--preset", "alpha", "--bus-address", bus.address],
      environment: bus.environment.merging(["PULSE_SERVER": server.address]) { $1 })
    // Stopped before the test returns, however it ends.
    do {
      try await drive(binaural, server, bus)
    } catch {
      await binaural.terminate()
      await server.stop()
      await bus.stop()
      throw error
    }
    await binaural.terminate()
    await server.stop()
    await bus.stop()
  }

  func drive(_ binaural: ChildProcess, _ server: PulseAudioServer, _ bus: PrivateBus) async throws {
    try await BinauralTests.waitUntilReady(binaural, on: bus)
    // It logs its output before it takes its name; the line reaches us through a pipe.
    try await eventually("binaural to say it plays to PulseAudio") {
      binaural.standardError.contains("output=PulseAudio")
    }

    // It starts paused: nothing is heard.
    let before = try await server.record(seconds: 0.5)
    #expect(Tone(before.left).peak == 0 && Tone(before.right).peak == 0)

    // Alpha: 200 Hz ± 5.
    _ = try await BinauralTests.playerctl(bus, "play")
    try await waitUntilHeard("the sound to start", on: server) { Tone($0.left).peak > 0.1 }
    expectTones(try await server.recordSteady(seconds: 1.2, skipping: settle), left: 195, right: 205)

    // Paused, it is silent, and stays so.
    _ = try await BinauralTests.playerctl(bus, "pause")
    try await waitUntilHeard("silence", on: server) { Tone($0.left).peak == 0 && Tone($0.right).peak == 0 }
    let paused = measured(try await server.record(seconds: 0.6))
    #expect(Tone(paused.left).peak == 0 && Tone(paused.right).peak == 0, "silent while paused")

    // Beta: 250 Hz ± 10, at half volume.
    _ = try await BinauralTests.playerctl(bus, "play")
    _ = try await BinauralTests.playerctl(bus, "next")
    #expect(try await BinauralTests.playerctl(bus, "metadata", "xesam:title") == "Beta 20 Hz · Alertness")
    _ = try await BinauralTests.playerctl(bus, "volume", "0.5")
    try await waitUntilHeard("half volume", on: server) {
      abs(Tone($0.left).rms - Self.rms(volume: 0.5)) < Self.rms(volume: 0.5) * 0.1
    }
    expectTones(
      try await server.recordSteady(seconds: 1.2, skipping: settle), left: 240, right: 260, volume: 0.5)

    // Rate 2 plays both tones an octave up.
    _ = try await BinauralTests.playerctl(bus, "volume", "1")
    let rate = try await bus.busctl(
      "set-property", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2",
      "org.mpris.MediaPlayer2.Player", "Rate", "d", "2")
    #expect(rate.succeeded, "\(rate)")
    try await waitUntilHeard("the octave up at full volume", on: server) {
      abs(Tone($0.left).peakFrequency(in: 460...540) - 480) <= 2
        && abs(Tone($0.left).rms - Self.rms(volume: 1)) < Self.rms(volume: 1) * 0.1
    }
    expectTones(try await server.recordSteady(seconds: 1.2, skipping: settle), left: 480, right: 520)
  }
}
