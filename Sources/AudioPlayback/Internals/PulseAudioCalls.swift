internal import CPulse

/// Every call into libpulse-simple, and the translation of its error numbers into
/// ``AudioOutputError``.
enum PulseAudioCalls {
  /// Connects to `server` (nil: the default, which honours `PULSE_SERVER`) and opens a playback
  /// stream of 32-bit float stereo in `format` whose server-side buffer holds about
  /// `bufferMilliseconds`.
  ///
  /// The corresponding C function is `pa_simple_new`.
  static func openPlayback(
    server: String?, applicationName: String, streamName: String, format: AudioFormat,
    bufferMilliseconds: Int
  ) throws(AudioOutputError) -> OpaquePointer {
    var spec = pa_sample_spec(
      format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate),
      channels: UInt8(format.channelCount))
    let bytesPerSecond = format.sampleRate * format.channelCount * MemoryLayout<Float>.size
    let target = UInt32(bytesPerSecond * bufferMilliseconds / 1000)
    // maxlength, prebuf, minreq, fragsize: the server's defaults; tlength: small, for a quick
    // pause (the server plays at most this much after a write) and a quick start.
    var attributes = pa_buffer_attr(
      maxlength: UInt32.max, tlength: target, prebuf: UInt32.max, minreq: UInt32.max,
      fragsize: UInt32.max)
    var error: Int32 = 0
    let handle = pa_simple_new(
      server, applicationName, PA_STREAM_PLAYBACK, nil, streamName, &spec, nil, &attributes,
      &error)
    guard let handle else {
      let whereTo = server.map { "at \($0)" } ?? "(default server, or PULSE_SERVER)"
      let summary = "no PulseAudio server answered \(whereTo): \(describe(error))"
      throw AudioOutputError(
        .pulseAudioUnavailable,
        "No PulseAudio server answered \(whereTo): \(describe(error)). Start PulseAudio or "
          + "PipeWire's pipewire-pulse, set PULSE_SERVER, or choose another output (alsa, "
          + "wav:PATH, null).", summary: summary)
    }
    return handle
  }

  /// Plays `bytes`, blocking until the server has room for them.
  ///
  /// The corresponding C function is `pa_simple_write`.
  static func write(_ handle: OpaquePointer, _ bytes: UnsafeRawBufferPointer) throws(AudioOutputError) {
    var error: Int32 = 0
    guard pa_simple_write(handle, bytes.baseAddress, bytes.count, &error) >= 0 else {
      throw AudioOutputError(
        .playbackFailed,
        "PulseAudio stopped taking sound: \(describe(error)). Is the server still running?")
    }
  }

  /// Drops what the server has not played yet. Failure is ignored: the stream is either gone
  /// (the next write says so) or already empty.
  ///
  /// The corresponding C function is `pa_simple_flush`.
  static func flush(_ handle: OpaquePointer) {
    var error: Int32 = 0
    _ = pa_simple_flush(handle, &error)
  }

  /// Waits until the server has played everything written.
  ///
  /// The corresponding C function is `pa_simple_drain`.
  static func drain(_ handle: OpaquePointer) throws(AudioOutputError) {
    var error: Int32 = 0
    guard pa_simple_drain(handle, &error) >= 0 else {
      throw AudioOutputError(
        .playbackFailed, "PulseAudio did not finish playing: \(describe(error)).")
    }
  }

  /// Closes the stream and the connection.
  ///
  /// The corresponding C function is `pa_simple_free`.
  static func free(_ handle: OpaquePointer) {
    pa_simple_free(handle)
  }

  /// libpulse's words for `error`, such as "Connection refused".
  ///
  /// The corresponding C function is `pa_strerror`.
  private static func describe(_ error: Int32) -> String {
    guard let text = pa_strerror(error) else { return "error \(error)" }
    return String(cString: text)
  }
}
