import AudioPlayback
import Foundation
import SoundTestSupport
import Testing

/// The presets: delta, theta, alpha and beta beats over a carrier.
let presets: [BinauralBeat] = [
  BinauralBeat(carrier: 100, beat: 2),
  BinauralBeat(carrier: 200, beat: 6),
  BinauralBeat(carrier: 200, beat: 10),
  BinauralBeat(carrier: 250, beat: 20),
]

@Suite("Synthesizer")
struct SynthesizerTests {
  @Test("left is carrier − beat/2 and right is carrier + beat/2, within 1 Hz", arguments: presets)
  func frequencies(beat: BinauralBeat) {
    var synthesizer = Synthesizer(beat: beat)
    let sound = StereoSound(interleaved: synthesizer.render(frames: 48_000))
    let search = (beat.carrier - 40)...(beat.carrier + 40)
    let left = Tone(sound.left).peakFrequency(in: search)
    let right = Tone(sound.right).peakFrequency(in: search)
    #expect(abs(left - (beat.carrier - beat.beat / 2)) <= 1, "left \(left) Hz")
    #expect(abs(right - (beat.carrier + beat.beat / 2)) <= 1, "right \(right) Hz")
  }

  @Test("each ear hears only its own tone")
  func channelsAreSeparate() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    let sound = StereoSound(interleaved: synthesizer.render(frames: 48_000))
    #expect(Tone(sound.left).amplitude(at: 195) > 0.45)
    #expect(Tone(sound.left).amplitude(at: 205) < 0.01)
    #expect(Tone(sound.right).amplitude(at: 205) > 0.45)
    #expect(Tone(sound.right).amplitude(at: 195) < 0.01)
  }

  @Test("rate scales both tones, like a record played faster")
  func rateScalesFrequencies() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10), rate: 1.5)
    let sound = StereoSound(interleaved: synthesizer.render(frames: 48_000))
    #expect(abs(Tone(sound.left).peakFrequency(in: 250...350) - 292.5) <= 1)
    #expect(abs(Tone(sound.right).peakFrequency(in: 250...350) - 307.5) <= 1)
  }

  @Test("rate is clamped to its range and NaN is ignored")
  func rateRange() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    synthesizer.rate = 100
    #expect(synthesizer.rate == Synthesizer.rateRange.upperBound)
    synthesizer.rate = 0
    #expect(synthesizer.rate == Synthesizer.rateRange.lowerBound)
    synthesizer.rate = .nan
    #expect(synthesizer.rate == Synthesizer.rateRange.lowerBound)
  }

  @Test("buffers of any size join into the same sound as one long buffer")
  func phaseContinuesAcrossBuffers() {
    let beat = BinauralBeat(carrier: 200, beat: 10)
    var whole = Synthesizer(beat: beat)
    let reference = whole.render(frames: 4_800, bufferFrames: 4_800)
    var pieces = Synthesizer(beat: beat)
    var joined: [Float] = []
    for size in [1, 7, 480, 13, 999, 2_000, 1_300] {
      joined += pieces.render(frames: size, bufferFrames: size)
    }
    #expect(joined == reference)
  }

  @Test("a new beat glides in without a step: the phase carries on")
  func phaseContinuesAcrossBeatChanges() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    var sound = synthesizer.render(frames: 4_567)
    synthesizer.beat = BinauralBeat(carrier: 400, beat: 20)
    sound += synthesizer.render(frames: 4_567)
    synthesizer.rate = 0.5
    sound += synthesizer.render(frames: 4_567)
    // A sine of amplitude A at f Hz moves at most 2πfA/48000 between samples.
    let largestStep = Float(2 * Double.pi * 410 / 48_000) * Synthesizer.amplitude * 1.001
    let stereo = StereoSound(interleaved: sound)
    for channel in [stereo.left, stereo.right] {
      let steps = zip(channel, channel.dropFirst()).map { abs($1 - $0) }
      #expect(steps.max() ?? 0 <= largestStep)
    }
  }

  @Test("pausing makes the next buffer silent after at most 5 ms, and exactly zero after")
  func pauseIsSilentAtOnce() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    _ = synthesizer.render(frames: 4_800)
    synthesizer.isPaused = true
    let next = StereoSound(interleaved: synthesizer.render(frames: 480))
    let fade = 240  // 5 ms at 48 kHz
    #expect(next.frames(fade..<480).left.allSatisfy { $0 == 0 })
    #expect(next.frames(fade..<480).right.allSatisfy { $0 == 0 })
    #expect(synthesizer.isSilent)
    let later = synthesizer.render(frames: 48_000)
    #expect(later.allSatisfy { $0 == 0 })
  }

  @Test("resuming fades in from silence over 5 ms")
  func resumeFadesIn() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10), isPaused: true)
    #expect(synthesizer.render(frames: 480).allSatisfy { $0 == 0 })
    synthesizer.isPaused = false
    let sound = StereoSound(interleaved: synthesizer.render(frames: 960))
    #expect(Tone(sound.frames(0..<24).left).peak < 0.06)
    #expect(abs(Tone(sound.frames(480..<960).left).peak - Synthesizer.amplitude) < 0.01)
  }

  @Test("volume scales the level linearly", arguments: [0.5, 0.25, 0.1] as [Float])
  func volumeScalesLevel(volume: Float) {
    var full = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    var quiet = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10), volume: volume)
    let loud = Tone(StereoSound(interleaved: full.render(frames: 48_000)).frames(480..<48_000).left)
    let soft = Tone(StereoSound(interleaved: quiet.render(frames: 48_000)).frames(480..<48_000).left)
    #expect(abs(loud.rms - Double(Synthesizer.amplitude) / sqrt(2)) < 0.001)
    #expect(abs(soft.rms / loud.rms - Double(volume)) < 0.005)
  }

  @Test("a volume change is ramped over 5 ms, without a click")
  func volumeChangeIsRamped() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    var sound = synthesizer.render(frames: 4_800)
    synthesizer.volume = 0
    sound += synthesizer.render(frames: 480)
    synthesizer.volume = 1
    sound += synthesizer.render(frames: 480)
    let left = StereoSound(interleaved: sound).left
    // The tone's own largest step, plus the gain's largest step per sample (0.5 / 240).
    let limit = Float(2 * Double.pi * 205 / 48_000) * Synthesizer.amplitude + 0.5 / 240 + 0.0001
    let steps = zip(left, left.dropFirst()).map { abs($1 - $0) }
    #expect(steps.max() ?? 0 <= limit)
    #expect(left[4_800 + 240..<4_800 + 480].allSatisfy { $0 == 0 })
  }

  @Test("negative and NaN volumes are silence")
  func volumeRange() {
    var synthesizer = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10))
    synthesizer.volume = -1
    #expect(synthesizer.volume == 0)
    synthesizer.volume = .nan
    #expect(synthesizer.volume == 0)
    _ = synthesizer.render(frames: 480)
    #expect(synthesizer.isSilent)
  }

  @Test("16-bit rendering is the float rendering at full scale")
  func int16MatchesFloat() {
    var floats = Synthesizer(beat: BinauralBeat(carrier: 200, beat: 10), volume: 3)
    var integers = floats
    let reference = floats.render(frames: 960)
    var buffer = [Int16](repeating: 0, count: 1_920)
    buffer.withUnsafeMutableBufferPointer { integers.render(into: $0) }
    for (float, integer) in zip(reference, buffer) {
      #expect(integer == Int16(level: float))
    }
    #expect(buffer.max() == 32_767)  // volume 3 goes past full scale and clips there
  }

  @Test("stop's reset starts both tones from phase 0 again")
  func resetRestartsPhase() {
    let beat = BinauralBeat(carrier: 200, beat: 10)
    var synthesizer = Synthesizer(beat: beat)
    let first = synthesizer.render(frames: 960)
    _ = synthesizer.render(frames: 1_234)
    synthesizer.reset()
    #expect(synthesizer.render(frames: 960) == first)
  }
}
