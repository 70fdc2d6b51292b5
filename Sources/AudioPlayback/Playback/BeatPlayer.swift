internal import HubSupport

/// Plays a binaural beat to an output in real time, on a thread of its own, controllable from
/// any thread.
///
/// The player renders 10 ms buffers with a ``Synthesizer`` and writes them to its output on one
/// dedicated thread (not Swift's cooperative pool, which the output's blocking writes would
/// stall). The controls (`play()`, `pause()`, `stop()`, `beat`, `volume`, `rate`) take a small
/// lock and return at once; the render thread picks them up before its next buffer, so a change
/// is heard within about one buffer plus the output's latency. While paused the render thread
/// sleeps on a condition: it does no work at all until the next control.
///
/// A new player is paused. ``close()`` (or the last reference going away) stops the thread and
/// closes the output.
///
/// ```swift
/// let opened = try AudioOutputSpec.open("auto")
/// if let notice = opened.notice { print(notice) }
/// let player = BeatPlayer(output: opened.output, beat: BinauralBeat(carrier: 200, beat: 10))
/// player.play()
/// player.volume = 0.5
/// player.beat = BinauralBeat(carrier: 150, beat: 6)
/// player.pause()
/// ```
package final class BeatPlayer: Sendable {
  /// How long each rendered buffer is, in seconds: 10 ms (480 frames at 48 kHz).
  package static let bufferDuration = 0.010

  /// The output's name, for messages ("PulseAudio", "WAV file out.wav"…).
  package let outputName: String
  /// The format the player renders.
  package let format: AudioFormat
  private let controls: PlayerControls

  /// Starts a paused player of `beat` on `output`.
  ///
  /// - Parameters:
  ///   - output: Where the sound goes; the player owns it from now on and closes it.
  ///   - beat: The tones to play.
  ///   - volume: Linear gain; see ``Synthesizer/volume``.
  ///   - rate: Speed; see ``Synthesizer/rate``.
  ///   - onFailure: Called on the render thread when the output fails. The player then goes on
  ///     silently in real time (as with ``NullOutput``). Do not call ``close()`` from it.
  package init(
    output: sending any AudioOutput, beat: BinauralBeat, volume: Float = 1, rate: Double = 1,
    onFailure: (@Sendable (AudioOutputError) -> Void)? = nil
  ) {
    let format = output.format
    let synthesizer = Synthesizer(
      beat: beat, volume: volume, rate: rate, isPaused: true, format: format)
    self.outputName = output.name
    self.format = format
    self.controls = PlayerControls(
      .init(beat: beat, volume: synthesizer.volume, rate: synthesizer.rate))
    let loop = RenderLoop(
      controls: controls, output: output, synthesizer: synthesizer,
      bufferFrames: max(1, format.frameCount(seconds: Self.bufferDuration)), onFailure: onFailure)
    DetachedThread.start(name: "AudioPlayback render") { loop.run() }
  }

  deinit {
    close()
  }

  /// Starts (or resumes) playing, fading in over 5 ms from where the tones stopped.
  package func play() {
    controls.update { $0.isPlaying = true }
  }

  /// Pauses: the output drops what it holds unplayed, so silence is immediate (within one 10 ms
  /// buffer and the output's flush).
  package func pause() {
    controls.update { $0.isPlaying = false }
  }

  /// Pauses, and starts the tones from phase 0 on the next `play()`.
  package func stop() {
    controls.update {
      $0.isPlaying = false
      $0.resetRequested = true
    }
  }

  /// Whether the player is playing (not paused, stopped or closed).
  package var isPlaying: Bool {
    controls.read { $0.isPlaying && !$0.closeRequested }
  }

  /// The tones. Setting it glides to the new tones without a click (phases carry on).
  package var beat: BinauralBeat {
    get { controls.read { $0.beat } }
    set { controls.update { $0.beat = newValue } }
  }

  /// Linear gain, from 0 (silent) up; changes are ramped over 5 ms. See ``Synthesizer/volume``.
  package var volume: Float {
    get { controls.read { $0.volume } }
    set {
      let clamped = newValue.isNaN ? 0 : max(0, newValue)
      controls.update { $0.volume = clamped }
    }
  }

  /// Speed: scales both tones (2 plays an octave higher). Clamped to
  /// ``Synthesizer/rateRange``; NaN is ignored.
  package var rate: Double {
    get { controls.read { $0.rate } }
    set {
      guard !newValue.isNaN else { return }
      let range = Synthesizer.rateRange
      let clamped = min(max(newValue, range.lowerBound), range.upperBound)
      controls.update { $0.rate = clamped }
    }
  }

  /// The output's last failure, if it failed (the player then plays silently in real time).
  package var failure: AudioOutputError? {
    controls.read { $0.failure }
  }

  /// Frames written to the output so far, silent fade-out buffers included.
  package var framesWritten: Int64 {
    controls.read { $0.framesWritten }
  }

  /// Blocks until at least `frames` frames have been written or `timeout` seconds pass; returns
  /// whether they were. For tests that must know the sound has reached the output.
  package func waitForFramesWritten(_ frames: Int64, timeout: Double) -> Bool {
    controls.wait(until: { $0.framesWritten >= frames || $0.finished }, timeout: timeout)
      && framesWritten >= frames
  }

  /// Stops the render thread, lets the output play what it holds (a 5 ms fade if it was playing)
  /// and closes it; returns when that is done. Later calls do nothing, and so do the controls.
  package func close() {
    controls.update { $0.closeRequested = true }
    controls.wait(until: { $0.finished }, then: { _ in })
  }
}
