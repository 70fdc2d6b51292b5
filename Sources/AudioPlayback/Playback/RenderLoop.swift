/// The render thread's work: synthesize a buffer, write it to the output (which blocks at the
/// output's pace), pick up new controls, repeat; sleep on the controls' condition while paused.
///
/// `@unchecked Sendable`: it is created on the player's thread and handed to the render thread
/// before that thread starts; from then on only the render thread touches `output`,
/// `synthesizer` and `buffer` (the output came in as `sending`, so no one else holds it).
final class RenderLoop: @unchecked Sendable {
  private let controls: PlayerControls
  private var output: any AudioOutput
  private var synthesizer: Synthesizer
  private let buffer: UnsafeMutableBufferPointer<Float>
  private let onFailure: (@Sendable (AudioOutputError) -> Void)?

  init(
    controls: PlayerControls, output: any AudioOutput, synthesizer: Synthesizer, bufferFrames: Int,
    onFailure: (@Sendable (AudioOutputError) -> Void)?
  ) {
    self.controls = controls
    self.output = output
    self.synthesizer = synthesizer
    self.buffer = .allocate(capacity: bufferFrames * output.format.channelCount)
    self.buffer.initialize(repeating: 0)
    self.onFailure = onFailure
  }

  deinit {
    buffer.deallocate()
  }

  /// Plays until the player closes.
  func run() {
    // Whether the output has had sound since the last pause, so a pause must still fade out and
    // tell the output.
    var sounding = false
    while true {
      let (isPlaying, reset, closing) = controls.wait(
        until: { $0.isPlaying || $0.closeRequested || $0.resetRequested || sounding },
        then: { state in
          synthesizer.beat = state.beat
          synthesizer.volume = state.volume
          synthesizer.rate = state.rate
          synthesizer.isPaused = !state.isPlaying || state.closeRequested
          let reset = state.resetRequested
          state.resetRequested = false
          return (state.isPlaying, reset, state.closeRequested)
        })
      if sounding || (isPlaying && !closing) {
        // Playing, or the buffer after a pause: silent from its 5th millisecond on.
        synthesizer.render(into: buffer)
        write()
      }
      if !isPlaying || closing {
        if sounding && !closing { output.pause() }
        sounding = false
      } else {
        sounding = true
      }
      if reset { synthesizer.reset() }
      if closing { break }
    }
    do {
      try output.close()
    } catch {
      report(error)
    }
    controls.update { $0.finished = true }
  }

  /// Writes the buffer; if the output fails, reports it and carries on silently in real time.
  private func write() {
    do {
      try output.write(UnsafeBufferPointer(buffer))
    } catch {
      report(error)
      output = NullOutput(format: output.format)
    }
    let frames = Int64(buffer.count / output.format.channelCount)
    controls.update { $0.framesWritten += frames }
  }

  private func report(_ error: AudioOutputError) {
    controls.update { $0.failure = error }
    onFailure?(error)
  }
}
