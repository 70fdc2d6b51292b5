internal import Glibc

/// Renders a binaural beat in real time: a sine per ear, interleaved left/right.
///
/// The left channel is `beat.leftFrequency` and the right `beat.rightFrequency`, both scaled by
/// `rate`. Each channel keeps its phase across calls to `render(into:)` and across changes of
/// `beat` and `rate`, so buffers join without a step and a new preset glides in without a click.
/// Changes of `volume` and of `isPaused` move the gain in a straight line over
/// ``rampDuration`` (5 ms), so the buffer rendered after `isPaused` becomes `true` is silent
/// from its 5th millisecond on, and exactly zero after that.
///
/// Rendering allocates nothing and takes no lock; a `Synthesizer` is a value owned by the thread
/// that renders (``BeatPlayer`` owns one on its render thread).
package struct Synthesizer: Sendable {
  /// How long a change of volume or pause takes to reach its new gain: 5 ms.
  package static let rampDuration = 0.005

  /// The peak level of each tone at volume 1: half of full scale, leaving headroom for gains
  /// above 1.
  package static let amplitude: Float = 0.5

  /// The rates a synthesizer accepts; others are clamped into this range.
  package static let rateRange: ClosedRange<Double> = 0.05...20

  /// The sample rate and channels of what `render(into:)` produces.
  package let format: AudioFormat

  /// The tones to play. Changing it keeps both channels' phases.
  package var beat: BinauralBeat

  /// How fast the beat plays: 2 doubles both tones, 0.5 halves them (like a record played
  /// faster or slower). Clamped to ``rateRange``; NaN is ignored.
  package var rate: Double {
    get { storedRate }
    set {
      guard !newValue.isNaN else { return }
      storedRate = min(max(newValue, Self.rateRange.lowerBound), Self.rateRange.upperBound)
    }
  }

  /// Linear gain: 1 is ``amplitude``, 0 is silence, 0.5 is about 6 dB quieter. Negative values
  /// and NaN count as 0. Changes are ramped over ``rampDuration``.
  package var volume: Float {
    get { storedVolume }
    set { storedVolume = newValue.isNaN ? 0 : max(0, newValue) }
  }

  /// Whether the synthesizer renders silence. Pausing fades out over ``rampDuration``; resuming
  /// fades in over the same time, from the phase where the tones stopped.
  package var isPaused: Bool

  private var storedRate: Double = 1
  private var storedVolume: Float = 1
  private var gain: GainRamp
  /// Each channel's position in its cycle, in cycles, in [0, 1).
  private var leftPhase: Double = 0
  private var rightPhase: Double = 0

  /// Creates a synthesizer for `beat`, starting at phase 0 and fading in from silence unless
  /// `isPaused`.
  package init(
    beat: BinauralBeat, volume: Float = 1, rate: Double = 1, isPaused: Bool = false,
    format: AudioFormat = .standard
  ) {
    self.format = format
    self.beat = beat
    self.isPaused = isPaused
    self.gain = GainRamp(length: format.frameCount(seconds: Self.rampDuration), initial: 0)
    self.volume = volume
    self.rate = rate
  }

  /// Starts both tones again from phase 0 and the gain from silence, as a new synthesizer would.
  package mutating func reset() {
    leftPhase = 0
    rightPhase = 0
    gain.set(0)
  }

  /// Whether the last rendered frame was silent and the next ones will be too, until a change.
  package var isSilent: Bool {
    gain.isSettled && gain.current == 0 && (isPaused || storedVolume == 0)
  }

  /// Fills `buffer` with interleaved stereo frames (left, right, left, right, …) of 32-bit
  /// float samples. A trailing odd sample, if any, is set to 0.
  package mutating func render(into buffer: UnsafeMutableBufferPointer<Float>) {
    renderFrames(into: buffer)
  }

  /// Fills `buffer` with interleaved stereo frames of 16-bit samples, clipped at full scale.
  /// A trailing odd sample, if any, is set to 0.
  package mutating func render(into buffer: UnsafeMutableBufferPointer<Int16>) {
    renderFrames(into: buffer)
  }

  private mutating func renderFrames<Sample: AudioSample>(
    into buffer: UnsafeMutableBufferPointer<Sample>
  ) {
    let frames = buffer.count / 2
    if buffer.count % 2 == 1 { buffer[buffer.count - 1] = Sample(level: 0) }
    gain.move(to: isPaused ? 0 : storedVolume * Self.amplitude)
    if gain.isSettled && gain.current == 0 {
      // Silent: no tone to compute, and the phases stay where the sound stopped.
      for index in 0..<(frames * 2) { buffer[index] = Sample(level: 0) }
      return
    }
    let nyquist = Double(format.sampleRate) / 2
    let leftStep = min(beat.leftFrequency * storedRate, nyquist) / Double(format.sampleRate)
    let rightStep = min(beat.rightFrequency * storedRate, nyquist) / Double(format.sampleRate)
    var left = leftPhase
    var right = rightPhase
    for frame in 0..<frames {
      let level = gain.next()
      buffer[2 * frame] = Sample(level: level * Float(sin(2 * Double.pi * left)))
      buffer[2 * frame + 1] = Sample(level: level * Float(sin(2 * Double.pi * right)))
      left += leftStep
      if left >= 1 { left -= 1 }
      right += rightStep
      if right >= 1 { right -= 1 }
    }
    leftPhase = left
    rightPhase = right
  }
}
