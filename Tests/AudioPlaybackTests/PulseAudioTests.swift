import AudioPlayback
import BusTestSupport
import Foundation
import SoundTestSupport
import Synchronization
import Testing

/// Plays to a real `pulseaudio` with a null sink and records its monitor with `parec`.
///
/// Serialized: the tests share the machine's two cores with the sound server and the recorder,
/// and the ALSA test sets PULSE_SERVER for alsa-lib's pulse plugin.
@Suite(
  "PulseAudio, recorded", .serialized, .enabled(if: PulseAudioServer.requirement), .leavesNoChildProcesses)
struct PulseAudioTests {
  let theta = BinauralBeat(carrier: 200, beat: 10)

  /// Frames of the start of each recording to skip: parec's own start.
  let settle = 4_800

  func expectTones(
    _ sound: StereoSound, left: Double, right: Double, volume: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    sound.expectTones(
      left: left, right: right, amplitude: Double(Synthesizer.amplitude) * volume,
      sourceLocation: sourceLocation)
  }

  @Test("the server hears the preset's carriers: 200 ± 5 Hz is 195 Hz left and 205 Hz right")
  func playsCarriers() async throws {
    let server = try await PulseAudioServer.start()
    let player = BeatPlayer(output: try PulseAudioOutput(server: server.address), beat: theta)
    player.play()
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    expectTones(try await server.recordSteady(seconds: 1, skipping: settle), left: 195, right: 205)
    player.close()
    #expect(player.failure == nil)
  }

  @Test("pause is silent within 50 ms, and stays silent")
  func pauseIsSilent() async throws {
    let server = try await PulseAudioServer.start()
    let player = BeatPlayer(output: try PulseAudioOutput(server: server.address), beat: theta)
    // The tones before the pause are measured on 0.2 s: made again (played again) until that
    // stretch has no dropout, which a busy machine causes now and then (see recordSteady).
    let (sound, pause) = try await eventually(
      "a recording without a dropout before the pause", within: .seconds(30)
    ) {
      () async throws -> (StereoSound, Int)? in
      let written = player.framesWritten
      player.play()
      #expect(player.waitForFramesWritten(written + 4_800, timeout: 5))
      let pausedAt = Mutex<Int?>(nil)
      let sound = try await server.record(seconds: 1) { frames in
        guard frames >= 14_400 else { return false }
        player.pause()
        pausedAt.withLock { $0 = frames }
        return true
      }
      let pause = try #require(pausedAt.withLock { $0 })
      return sound.frames(settle..<pause).dropouts() == 0 ? (sound, pause) : nil
    }
    expectTones(sound.frames(settle..<pause), left: 195, right: 205)
    let lastLoud =
      sound.left.indices.last { abs(sound.left[$0]) > 0.001 || abs(sound.right[$0]) > 0.001 } ?? 0
    let delay = Double(lastLoud - pause) / 48_000
    print("pause: last sound \(Int(delay * 1_000)) ms after the pause call, as recorded")
    #expect(delay < 0.05)
    let after = sound.frames(pause + 4_800..<sound.frameCount)
    #expect(Tone(after.left).peak == 0 && Tone(after.right).peak == 0)
    player.close()
  }

  @Test("after a preset change the server hears the new carriers")
  func presetChange() async throws {
    let server = try await PulseAudioServer.start()
    let player = BeatPlayer(output: try PulseAudioOutput(server: server.address), beat: theta)
    player.play()
    player.beat = BinauralBeat(carrier: 300, beat: 20)
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    expectTones(try await server.recordSteady(seconds: 1, skipping: settle), left: 290, right: 310)
    player.close()
  }

  @Test("volume and rate are audible")
  func volumeAndRate() async throws {
    let server = try await PulseAudioServer.start()
    let player = BeatPlayer(output: try PulseAudioOutput(server: server.address), beat: theta)
    player.play()
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    let loud = try await server.recordSteady(seconds: 0.5, skipping: settle)
    player.volume = 0.25
    player.rate = 2
    let written = player.framesWritten
    #expect(player.waitForFramesWritten(written + 4_800, timeout: 5))
    let quietPart = try await server.recordSteady(seconds: 1, skipping: settle)
    let loudLevel = Tone(loud.left).rms
    let ratio = Tone(quietPart.left).rms / loudLevel
    #expect(abs(ratio - 0.25) < 0.03, "volume 0.25 measured \(ratio)")
    expectTones(quietPart, left: 390, right: 410, volume: 0.25)
    player.close()
  }

  @Test("auto picks PulseAudio when a server answers")
  func autoPicksPulseAudio() async throws {
    let server = try await PulseAudioServer.start()
    let opened = try AudioOutputSpec.automatic.open(pulseServer: server.address)
    #expect(opened.output is PulseAudioOutput)
    #expect(opened.notice == nil)
    try opened.output.close()
  }

  @Test("auto without a server or a sound card says so in one line and plays silently")
  func autoFallsBackToNull() throws {
    let opened = try AudioOutputSpec.automatic.open(pulseServer: "unix:/nonexistent/native")
    if opened.output is NullOutput {
      let notice = try #require(opened.notice)
      #expect(!notice.contains("\n"))
      #expect(notice.contains("no PulseAudio server answered at unix:/nonexistent/native"))
      #expect(notice.contains("ALSA device \"default\" did not open"))
      #expect(notice.contains("playing silently"))
    } else {
      #expect(opened.output is ALSAOutput, "a machine with a sound card falls back to ALSA")
    }
  }

  @Test("pulse names the server in its error when none answers")
  func pulseErrorIsActionable() {
    #expect {
      try PulseAudioOutput(server: "unix:/nonexistent/native")
    } throws: { error in
      guard let error = error as? AudioOutputError else { return false }
      return error.code == .pulseAudioUnavailable
        && error.message.hasPrefix("No PulseAudio server answered at unix:/nonexistent/native: ")
        && error.message.contains("PULSE_SERVER")
    }
  }

  @Test("when the server goes away the player reports it and goes on in real time")
  func serverGoesAway() async throws {
    let server = try await PulseAudioServer.start()
    let reported = SharedLog()
    let player = BeatPlayer(
      output: try PulseAudioOutput(server: server.address), beat: theta,
      onFailure: { error in reported.entries.withLock { $0.append(error.message) } })
    player.play()
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    await server.stop()
    let written = player.framesWritten
    #expect(player.waitForFramesWritten(written + 24_000, timeout: 5))
    #expect(player.failure?.code == .playbackFailed)
    #expect(reported.entries.withLock { $0.count } == 1)
    player.close()
  }

  @Test(
    "ALSA plays through alsa-lib's pulse plugin to the same server",
    .enabled(if: .file(alsaPulsePlugin, debianPackage: "libasound2-plugins")))
  func alsaThroughPulsePlugin() async throws {
    let server = try await PulseAudioServer.start()
    // alsa-lib's pulse plugin finds its server only through the environment.
    setenv("PULSE_SERVER", server.address, 1)
    defer { unsetenv("PULSE_SERVER") }
    let player = BeatPlayer(output: try ALSAOutput(device: "pulse"), beat: theta)
    player.play()
    #expect(player.waitForFramesWritten(9_600, timeout: 5))
    expectTones(try await server.recordSteady(seconds: 1, skipping: settle), left: 195, right: 205)
    player.close()
    #expect(player.failure == nil)
  }

  @Test("ALSA names the device in its error when it cannot open it")
  func alsaErrorIsActionable() {
    #expect {
      try ALSAOutput(device: "hw:99")
    } throws: { error in
      guard let error = error as? AudioOutputError else { return false }
      return error.code == .alsaUnavailable && error.message.hasPrefix("Cannot open ALSA device \"hw:99\": ")
    }
  }
}

/// alsa-lib's PulseAudio plugin (Debian `libasound2-plugins`).
let alsaPulsePlugin = "/usr/lib/x86_64-linux-gnu/alsa-lib/libasound_module_pcm_pulse.so"
