/// Plays through a PulseAudio server (or PipeWire's pipewire-pulse, which speaks the same
/// protocol), as one playback stream.
///
/// The stream's server-side buffer is small (``bufferMilliseconds``), so sound starts quickly and
/// `pause()`, which drops that buffer, is silent at once. It runs on libpulse's asynchronous API,
/// so it hears the server's stream events (``AudioOutputEvent``): it corks its stream when the
/// server asks (a call), dropping what is written meanwhile in real time, and uncorks it when the
/// last request is taken back.
package final class PulseAudioOutput: AudioOutput {
  /// How much sound the server holds ahead of what it plays: 40 ms.
  package static let bufferMilliseconds = 40

  /// "PulseAudio", and the server if one was named.
  package var name: String { server.map { "PulseAudio at \($0)" } ?? "PulseAudio" }
  /// The format `write(_:)` takes.
  package let format: AudioFormat
  /// The server connected to; nil for the default (which honours `PULSE_SERVER`).
  package let server: String?
  /// The stream's `media.role` (`music`, `phone`…), nil for none.
  package let role: String?
  private var handle: PulseAudioCalls?
  /// Keeps the writer's pace while the server has the stream corked.
  private var pacer: RealTimePacer

  /// Connects to `server` (nil: the default) and opens a playback stream that sound mixers show
  /// as `streamName` of `applicationName`.
  ///
  /// - Parameters:
  ///   - server: The PulseAudio server; nil for libpulse's default.
  ///   - applicationName: The client name sound mixers show.
  ///   - streamName: The stream name sound mixers show.
  ///   - format: The format the stream takes.
  ///   - role: The stream's `media.role`: `music` for playback, `phone` for a call. PulseAudio's
  ///     `module-role-cork` pauses the music while a phone stream plays.
  ///   - onEvent: Hears the server's requests to pause and resume, and the stream's moves, on
  ///     libpulse's thread.
  /// - Throws: ``AudioOutputError/Code/pulseAudioUnavailable`` if no server answers.
  package init(
    server: String? = nil, applicationName: String = "Binaural", streamName: String = "Binaural",
    format: AudioFormat = .standard, role: String? = nil,
    onEvent: (@Sendable (AudioOutputEvent) -> Void)? = nil
  ) throws(AudioOutputError) {
    self.server = server
    self.format = format
    self.role = role
    self.pacer = RealTimePacer(sampleRate: format.sampleRate)
    self.handle = try PulseAudioCalls.openPlayback(
      server: server, applicationName: applicationName, streamName: streamName, format: format,
      bufferMilliseconds: Self.bufferMilliseconds, role: role, onEvent: onEvent)
  }

  deinit {
    handle?.free()
  }

  /// Sends `samples` to the server, blocking while its buffer is full.
  package func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError) {
    guard let handle else {
      throw AudioOutputError(.playbackFailed, "The PulseAudio stream is already closed.")
    }
    if try handle.write(UnsafeRawBufferPointer(samples)) {
      pacer.restart()
    } else {
      // Corked for a call: the sound is dropped, at the real clock's pace.
      pacer.pace(frameCount: samples.count / format.channelCount)
    }
  }

  /// Drops what the server has not played yet (`pa_stream_flush`).
  package func pause() {
    handle?.flush()
  }

  /// Waits for the server to play what it holds, then disconnects.
  package func close() throws(AudioOutputError) {
    guard let handle else { return }
    self.handle = nil
    defer { handle.free() }
    try handle.drain()
  }
}
