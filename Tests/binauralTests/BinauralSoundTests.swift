import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// `binaural --output pulse` against a real `pulseaudio` with a null sink, driven by playerctl on
/// a private bus; the sink's monitor is recorded with parec and the tones measured (Goertzel).
@Suite("binaural, heard", .serialized, .enabled(if: PulseAudioServer.isInstalled), .leavesNoChildProcesses)
struct BinauralSoundTests {
  /// Frames at the start of each recording to skip: parec's own start.
  let settle = 4_800

  func expectTones(
    _ sound: StereoSound, left: Double, right: Double, volume: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let part = sound.frames(settle..<sound.frameCount)
    let search = (left - 20)...(right + 20)
    let measuredLeft = Tone(part.left).peakFrequency(in: search)
    let measuredRight = Tone(part.right).peakFrequency(in: search)
    #expect(abs(measuredLeft - left) <= 1, "left \(measuredLeft) Hz", sourceLocation: sourceLocation)
    #expect(abs(measuredRight - right) <= 1, "right \(measuredRight) Hz", sourceLocation: sourceLocation)
    // AudioPlayback's tones peak at 0.5 × volume: an RMS of 0.354 × volume.
    let expected = 0.5 / 2.squareRoot() * volume
    let level = Tone(part.left).rms
    #expect(abs(level - expected) < expected * 0.1, "RMS \(level)", sourceLocation: sourceLocation)
  }

  @Test("the preset's carriers play, pause is silence, Next plays the next preset's, volume is heard")
  func playerctlDrivesWhatIsHeard() async throws {
    let server = try await PulseAudioServer.start()
    let bus = try await PrivateBus.start()
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "pulse", "--preset", "alpha", "--bus-address", bus.address],
      environment: bus.environment.merging(["PULSE_SERVER": server.address]) { $1 })
    defer {
      binaural.kill()
      server.stop()
      Task { await bus.stop() }
    }
    let wait = try await bus.run(
      "gdbus", "wait", "--session", "--timeout", "10", "org.mpris.MediaPlayer2.binaural")
    #expect(wait.succeeded, "\(wait)\n\(binaural.standardError)")
    #expect(binaural.standardError.contains("output=PulseAudio"), "\(binaural.standardError)")

    // It starts paused: nothing is heard.
    let before = try await server.record(seconds: 0.5)
    #expect(Tone(before.left).peak == 0 && Tone(before.right).peak == 0)

    // Alpha: 200 Hz ± 5.
    _ = try await BinauralTests.playerctl(bus, "play")
    expectTones(try await server.record(seconds: 1.2), left: 195, right: 205)

    _ = try await BinauralTests.playerctl(bus, "pause")
    let paused = try await server.record(seconds: 0.6)
    let silence = paused.frames(settle..<paused.frameCount)
    #expect(Tone(silence.left).peak == 0 && Tone(silence.right).peak == 0, "silent while paused")

    // Beta: 250 Hz ± 10, at half volume.
    _ = try await BinauralTests.playerctl(bus, "play")
    _ = try await BinauralTests.playerctl(bus, "next")
    #expect(try await BinauralTests.playerctl(bus, "metadata", "xesam:title") == "Beta 20 Hz · Alertness")
    _ = try await BinauralTests.playerctl(bus, "volume", "0.5")
    expectTones(try await server.record(seconds: 1.2), left: 240, right: 260, volume: 0.5)

    // Rate 2 plays both tones an octave up.
    _ = try await BinauralTests.playerctl(bus, "volume", "1")
    let rate = try await bus.run(
      "busctl", "--user", "set-property", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2",
      "org.mpris.MediaPlayer2.Player", "Rate", "d", "2")
    #expect(rate.succeeded, "\(rate)")
    expectTones(try await server.record(seconds: 1.2), left: 480, right: 520)
  }
}
