/// Plays through a PulseAudio server (or PipeWire's pipewire-pulse, which speaks the same
/// protocol), as one playback stream.
///
/// The stream's server-side buffer is small (``bufferMilliseconds``), so sound starts quickly and
/// `pause()`, which drops that buffer, is silent at once.
public final class PulseAudioOutput: AudioOutput {
  /// How much sound the server holds ahead of what it plays: 40 ms.
  public static let bufferMilliseconds = 40

  /// "PulseAudio", and the server if one was named.
  public var name: String { server.map { "PulseAudio at \($0)" } ?? "PulseAudio" }
  /// The format `write(_:)` takes.
  public let format: AudioFormat
  /// The server connected to; nil for the default (which honours `PULSE_SERVER`).
  public let server: String?
  private var handle: OpaquePointer?

  /// Connects to `server` (nil: the default) and opens a playback stream that sound mixers show
  /// as `streamName` of `applicationName`.
  ///
  /// - Throws: ``AudioOutputError/Code/pulseAudioUnavailable`` if no server answers.
  public init(
    server: String? = nil, applicationName: String = "Binaural", streamName: String = "Binaural",
    format: AudioFormat = .standard
  ) throws(AudioOutputError) {
    self.server = server
    self.format = format
    self.handle = try PulseAudioCalls.openPlayback(
      server: server, applicationName: applicationName, streamName: streamName, format: format,
      bufferMilliseconds: Self.bufferMilliseconds)
  }

  deinit {
    if let handle { PulseAudioCalls.free(handle) }
  }

  /// Sends `samples` to the server, blocking while its buffer is full.
  public func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError) {
    guard let handle else {
      throw AudioOutputError(.playbackFailed, "The PulseAudio stream is already closed.")
    }
    try PulseAudioCalls.write(handle, UnsafeRawBufferPointer(samples))
  }

  /// Drops what the server has not played yet (`pa_simple_flush`).
  public func pause() {
    if let handle { PulseAudioCalls.flush(handle) }
  }

  /// Waits for the server to play what it holds, then disconnects.
  public func close() throws(AudioOutputError) {
    guard let handle else { return }
    self.handle = nil
    defer { PulseAudioCalls.free(handle) }
    try PulseAudioCalls.drain(handle)
  }
}
