import AudioPlayback
import Foundation
import Synchronization
import Testing

/// An output that records what it is asked, and fails once `failAfter` writes have succeeded.
final class RecordingOutput: AudioOutput {
  let name = "recording"
  let format = AudioFormat.standard
  let failAfter: Int
  let log: SharedLog
  private let real = NullOutput()

  init(failAfter: Int = .max, log: SharedLog) {
    self.failAfter = failAfter
    self.log = log
  }

  func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError) {
    let writes = log.entries.withLock {
      $0.append("write")
      return $0.count { $0 == "write" }
    }
    if writes > failAfter { throw AudioOutputError(.playbackFailed, "unplugged") }
    real.write(samples)
  }

  func pause() { log.entries.withLock { $0.append("pause") } }
  func close() { log.entries.withLock { $0.append("close") } }
}

/// A log shared between a test and the render thread.
final class SharedLog: Sendable {
  let entries = Mutex<[String]>([])
}

@Suite("BeatPlayer")
struct BeatPlayerTests {
  let beat = BinauralBeat(carrier: 200, beat: 10)

  @Test("a new player is paused and writes nothing: its thread sleeps")
  func startsPaused() {
    let player = BeatPlayer(output: NullOutput(), beat: beat)
    #expect(!player.isPlaying)
    // Proving that nothing happens takes a while of nothing happening.
    #expect(!player.waitForFramesWritten(1, timeout: 0.1))
    #expect(player.framesWritten == 0)
  }

  @Test("play writes in real time; pause writes one fading buffer, tells the output, and sleeps")
  func playThenPause() {
    let shared = SharedLog()
    let player = BeatPlayer(output: RecordingOutput(log: shared), beat: beat)
    let start = Date()
    player.play()
    #expect(player.isPlaying)
    #expect(player.waitForFramesWritten(9_600, timeout: 5))
    #expect(Date().timeIntervalSince(start) >= 0.19)  // 0.2 s of sound at the clock's pace
    player.pause()
    #expect(!player.isPlaying)
    let deadline = Date(timeIntervalSinceNow: 2)
    while shared.entries.withLock({ $0.last }) != "pause" && Date() < deadline { usleep(1_000) }
    let written = player.framesWritten
    #expect(!player.waitForFramesWritten(written + 1, timeout: 0.1))
    player.close()
    #expect(shared.entries.withLock { Array($0.suffix(2)) } == ["pause", "close"])
  }

  @Test("controls from many threads at once are all taken")
  func concurrentControls() async {
    let player = BeatPlayer(output: NullOutput(), beat: beat)
    player.play()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          for step in 0..<200 {
            player.volume = Float(step % 10) / 10
            player.rate = 0.5 + Double(index) / 8
            player.beat = BinauralBeat(carrier: 100 + Double(step), beat: Double(index))
            if step % 50 == 0 { player.pause() } else { player.play() }
          }
        }
      }
    }
    player.volume = 0.3
    player.beat = BinauralBeat(carrier: 150, beat: 4)
    player.rate = 1.25
    #expect(player.volume == 0.3 && player.rate == 1.25)
    #expect(player.beat == BinauralBeat(carrier: 150, beat: 4))
    player.close()
  }

  @Test("a failing output is reported once, and the player goes on silently in real time")
  func failingOutput() {
    let shared = SharedLog()
    let reports = SharedLog()
    let player = BeatPlayer(
      output: RecordingOutput(failAfter: 3, log: shared), beat: beat,
      onFailure: { error in reports.entries.withLock { $0.append(error.message) } })
    player.play()
    #expect(player.waitForFramesWritten(4_800 * 2, timeout: 5))
    #expect(player.failure?.code == .playbackFailed)
    #expect(reports.entries.withLock { $0 } == ["unplugged"])
    player.close()
  }

  @Test("close is final: it ends the thread once, and later controls do nothing")
  func closeIsFinal() {
    let shared = SharedLog()
    let player = BeatPlayer(output: RecordingOutput(log: shared), beat: beat)
    player.play()
    player.close()
    player.close()
    player.play()
    #expect(!player.isPlaying)
    #expect(shared.entries.withLock { $0.filter { $0 == "close" }.count } == 1)
  }

  @Test("volume and rate are clamped like the synthesizer's")
  func clamping() {
    let player = BeatPlayer(output: NullOutput(), beat: beat)
    player.volume = -2
    #expect(player.volume == 0)
    player.rate = 1_000
    #expect(player.rate == Synthesizer.rateRange.upperBound)
    player.rate = .nan
    #expect(player.rate == Synthesizer.rateRange.upperBound)
  }
}

@Suite("Null output")
struct NullOutputTests {
  @Test("keeps the pace of the real clock, and does not rush after a pause")
  func realTime() {
    let output = NullOutput()
    let buffer = [Float](repeating: 0, count: 960)
    let start = Date()
    buffer.withUnsafeBufferPointer { for _ in 0..<20 { output.write($0) } }
    #expect(Date().timeIntervalSince(start) >= 0.195)
    output.pause()
    let resumed = Date()
    buffer.withUnsafeBufferPointer { for _ in 0..<5 { output.write($0) } }
    #expect(Date().timeIntervalSince(resumed) >= 0.045)
  }
}

@Suite("Opening and playing, as the app does")
struct AppFlowTests {
  @Test("an output opened from a spec goes straight into a player, on the main actor too")
  @MainActor
  func openThenPlay() throws {
    let opened = try AudioOutputSpec.open("null")
    #expect(opened.notice == nil)
    let player = BeatPlayer(output: opened.output, beat: BinauralBeat(carrier: 200, beat: 6))
    #expect(player.outputName == "null")
    player.play()
    #expect(player.waitForFramesWritten(480, timeout: 5))
    player.close()
  }
}
