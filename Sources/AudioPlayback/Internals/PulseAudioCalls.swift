internal import CPulse

/// Every call into libpulse: one playback stream on libpulse's asynchronous API, run by a
/// threaded main loop, and the translation of its error numbers into ``AudioOutputError``.
///
/// The asynchronous API (not the simple one) is what receives the server's stream events: the
/// `request-cork` and `request-uncork` that PulseAudio's `module-role-cork` sends a music stream
/// while a call plays, and the stream's moves from one sink to another.
///
/// `@unchecked Sendable`: libpulse's objects are used only with the main loop's lock held (by the
/// writing thread) or in libpulse's callbacks, which run on the main loop's thread with that lock
/// held: libpulse's own rule for its threaded main loop. `corkRequests` and `sinkIndex` are
/// written only in those callbacks, and `corkRequests` is read with the lock held.
final class PulseAudioCalls: @unchecked Sendable {
  private let mainloop: OpaquePointer
  private let context: OpaquePointer
  private var stream: OpaquePointer?
  private let onEvent: (@Sendable (AudioOutputEvent) -> Void)?
  /// Cork requests not yet taken back: nested requests count, as pacat counts them.
  private var corkRequests = 0
  /// The sink the stream plays on, to tell a move away from a sink that went from a user's move.
  private var sinkIndex: UInt32 = UInt32.max

  private var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func instance(_ userdata: UnsafeMutableRawPointer?) -> PulseAudioCalls? {
    userdata.map { Unmanaged<PulseAudioCalls>.fromOpaque($0).takeUnretainedValue() }
  }

  private init(
    mainloop: OpaquePointer, context: OpaquePointer, onEvent: (@Sendable (AudioOutputEvent) -> Void)?
  ) {
    self.mainloop = mainloop
    self.context = context
    self.onEvent = onEvent
  }

  /// Connects to `server` (nil: the default, which honours `PULSE_SERVER`) and opens a playback
  /// stream of 32-bit float stereo in `format`, with `role` as its `media.role`, whose
  /// server-side buffer holds about `bufferMilliseconds`; `onEvent` hears the stream's events on
  /// libpulse's thread.
  ///
  /// The corresponding C functions are `pa_threaded_mainloop_new`, `pa_context_connect`,
  /// `pa_stream_new_with_proplist` and `pa_stream_connect_playback`.
  static func openPlayback(
    server: String?, applicationName: String, streamName: String, format: AudioFormat,
    bufferMilliseconds: Int, role: String?, onEvent: (@Sendable (AudioOutputEvent) -> Void)?
  ) throws(AudioOutputError) -> PulseAudioCalls {
    let whereTo = server.map { "at \($0)" } ?? "(default server, or PULSE_SERVER)"
    func unavailable(_ reason: String) -> AudioOutputError {
      AudioOutputError(
        .pulseAudioUnavailable,
        "No PulseAudio server answered \(whereTo): \(reason). Start PulseAudio or "
          + "PipeWire's pipewire-pulse, set PULSE_SERVER, or choose another output (alsa, "
          + "wav:PATH, null).", summary: "no PulseAudio server answered \(whereTo): \(reason)")
    }
    guard let mainloop = pa_threaded_mainloop_new() else { throw unavailable("libpulse made no main loop") }
    guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), applicationName) else {
      pa_threaded_mainloop_free(mainloop)
      throw unavailable("libpulse made no context")
    }
    let calls = PulseAudioCalls(mainloop: mainloop, context: context, onEvent: onEvent)
    pa_context_set_state_callback(
      context, { _, userdata in PulseAudioCalls.instance(userdata)?.signal() }, calls.userdata)
    guard pa_threaded_mainloop_start(mainloop) >= 0 else {
      pa_context_unref(context)
      pa_threaded_mainloop_free(mainloop)
      throw unavailable("libpulse's thread did not start")
    }
    pa_threaded_mainloop_lock(mainloop)
    do throws(AudioOutputError) {
      guard pa_context_connect(context, server, PA_CONTEXT_NOFLAGS, nil) >= 0 else {
        throw unavailable(calls.contextError)
      }
      while true {
        let state = pa_context_get_state(context)
        if state == PA_CONTEXT_READY { break }
        guard state != PA_CONTEXT_FAILED, state != PA_CONTEXT_TERMINATED else {
          throw unavailable(calls.contextError)
        }
        pa_threaded_mainloop_wait(mainloop)
      }
      try calls.connectStream(
        streamName: streamName, format: format, bufferMilliseconds: bufferMilliseconds, role: role)
    } catch {
      pa_threaded_mainloop_unlock(mainloop)
      calls.free()
      throw error
    }
    pa_threaded_mainloop_unlock(mainloop)
    return calls
  }

  /// Creates the stream and waits until it plays; with the lock held.
  private func connectStream(
    streamName: String, format: AudioFormat, bufferMilliseconds: Int, role: String?
  ) throws(AudioOutputError) {
    var spec = pa_sample_spec(
      format: PA_SAMPLE_FLOAT32LE, rate: UInt32(format.sampleRate), channels: UInt8(format.channelCount))
    let properties = pa_proplist_new()
    defer { pa_proplist_free(properties) }
    if let role { pa_proplist_sets(properties, "media.role", role) }
    guard let stream = pa_stream_new_with_proplist(context, streamName, &spec, nil, properties) else {
      throw AudioOutputError(.playbackFailed, "PulseAudio refused the stream: \(contextError).")
    }
    self.stream = stream
    pa_stream_set_state_callback(
      stream, { _, userdata in PulseAudioCalls.instance(userdata)?.signal() }, userdata)
    pa_stream_set_write_callback(
      stream, { _, _, userdata in PulseAudioCalls.instance(userdata)?.signal() }, userdata)
    pa_stream_set_event_callback(
      stream, { _, name, _, userdata in PulseAudioCalls.instance(userdata)?.received(event: name) }, userdata)
    pa_stream_set_moved_callback(
      stream, { _, userdata in PulseAudioCalls.instance(userdata)?.moved() }, userdata)
    let bytesPerSecond = format.sampleRate * format.channelCount * MemoryLayout<Float>.size
    // maxlength, prebuf, minreq, fragsize: the server's defaults; tlength: small, for a quick
    // pause (the server plays at most this much after a write) and a quick start.
    var attributes = pa_buffer_attr(
      maxlength: UInt32.max, tlength: UInt32(bytesPerSecond * bufferMilliseconds / 1000), prebuf: UInt32.max,
      minreq: UInt32.max, fragsize: UInt32.max)
    guard pa_stream_connect_playback(stream, nil, &attributes, PA_STREAM_ADJUST_LATENCY, nil, nil) >= 0 else {
      throw AudioOutputError(.playbackFailed, "PulseAudio did not open the stream: \(contextError).")
    }
    while true {
      let state = pa_stream_get_state(stream)
      if state == PA_STREAM_READY { break }
      guard state != PA_STREAM_FAILED, state != PA_STREAM_TERMINATED else {
        throw AudioOutputError(.playbackFailed, "PulseAudio did not open the stream: \(contextError).")
      }
      pa_threaded_mainloop_wait(mainloop)
    }
    sinkIndex = pa_stream_get_device_index(stream)
  }

  /// Plays `bytes`, blocking until the server has room for them; while the stream is corked at
  /// the server's request (a call), it takes nothing and returns `false` at once, so the writer
  /// keeps its own pace and can still stop.
  ///
  /// The corresponding C functions are `pa_stream_writable_size` and `pa_stream_write`.
  func write(_ bytes: UnsafeRawBufferPointer) throws(AudioOutputError) -> Bool {
    pa_threaded_mainloop_lock(mainloop)
    defer { pa_threaded_mainloop_unlock(mainloop) }
    guard let stream, var start = bytes.baseAddress else { return true }
    var remaining = bytes.count
    while remaining > 0 {
      guard corkRequests == 0 else { return false }
      guard pa_stream_get_state(stream) == PA_STREAM_READY else {
        throw AudioOutputError(
          .playbackFailed, "PulseAudio stopped taking sound: \(contextError). Is the server still running?")
      }
      let writable = pa_stream_writable_size(stream)
      if writable == 0 {
        pa_threaded_mainloop_wait(mainloop)
        continue
      }
      guard writable != -1 else {
        throw AudioOutputError(
          .playbackFailed, "PulseAudio stopped taking sound: \(contextError). Is the server still running?")
      }
      let count = min(writable, remaining)
      guard pa_stream_write(stream, start, count, nil, 0, PA_SEEK_RELATIVE) >= 0 else {
        throw AudioOutputError(.playbackFailed, "PulseAudio stopped taking sound: \(contextError).")
      }
      start += count
      remaining -= count
    }
    return true
  }

  /// Drops what the server has not played yet, and waits until it has. Failure is ignored: the
  /// stream is either gone (the next write says so) or already empty.
  ///
  /// The corresponding C function is `pa_stream_flush`.
  func flush() {
    pa_threaded_mainloop_lock(mainloop)
    defer { pa_threaded_mainloop_unlock(mainloop) }
    guard let stream else { return }
    wait(
      for: pa_stream_flush(
        stream, { _, _, userdata in PulseAudioCalls.instance(userdata)?.signal() }, userdata))
  }

  /// Waits until the server has played everything written.
  ///
  /// The corresponding C function is `pa_stream_drain`.
  func drain() throws(AudioOutputError) {
    pa_threaded_mainloop_lock(mainloop)
    defer { pa_threaded_mainloop_unlock(mainloop) }
    guard let stream else { return }
    guard pa_stream_get_state(stream) == PA_STREAM_READY else {
      throw AudioOutputError(.playbackFailed, "PulseAudio did not finish playing: \(contextError).")
    }
    // Corked for a call, the server plays nothing: there is nothing to wait for.
    guard corkRequests == 0 else { return }
    wait(
      for: pa_stream_drain(
        stream, { _, _, userdata in PulseAudioCalls.instance(userdata)?.signal() }, userdata),
      unlessCorked: true)
  }

  /// Closes the stream and the connection, and stops libpulse's thread. Not from that thread.
  ///
  /// The corresponding C functions are `pa_stream_disconnect`, `pa_context_disconnect` and
  /// `pa_threaded_mainloop_free`.
  func free() {
    pa_threaded_mainloop_lock(mainloop)
    if let stream {
      pa_stream_set_state_callback(stream, nil, nil)
      pa_stream_set_write_callback(stream, nil, nil)
      pa_stream_set_event_callback(stream, nil, nil)
      pa_stream_set_moved_callback(stream, nil, nil)
      pa_stream_disconnect(stream)
      pa_stream_unref(stream)
      self.stream = nil
    }
    pa_context_set_state_callback(context, nil, nil)
    pa_context_disconnect(context)
    pa_context_unref(context)
    pa_threaded_mainloop_unlock(mainloop)
    pa_threaded_mainloop_stop(mainloop)
    pa_threaded_mainloop_free(mainloop)
  }

  // MARK: - On libpulse's thread

  /// Wakes the thread waiting in ``write(_:)``, ``flush()``, ``drain()`` or the opening.
  private func signal() { pa_threaded_mainloop_signal(mainloop, 0) }

  /// Waits, with the lock held, until `operation` has completed, or (`unlessCorked`) until the
  /// server corks the stream, which would hold it back until the call ends.
  ///
  /// The corresponding C functions are `pa_operation_get_state` and `pa_operation_cancel`.
  private func wait(for operation: OpaquePointer?, unlessCorked: Bool = false) {
    guard let operation else { return }
    while pa_operation_get_state(operation) == PA_OPERATION_RUNNING {
      if unlessCorked, corkRequests > 0 {
        pa_operation_cancel(operation)
        break
      }
      pa_threaded_mainloop_wait(mainloop)
    }
    pa_operation_unref(operation)
  }

  /// `request-cork` and `request-uncork`, counted as pacat counts them: the first request corks
  /// the stream (the server sends `request-uncork` only to a stream that corked) and begins an
  /// interruption; taking back the last one uncorks it and ends the interruption.
  ///
  /// The corresponding C function is `pa_stream_cork`.
  private func received(event name: UnsafePointer<CChar>?) {
    guard let name, let stream else { return }
    switch String(cString: name) {
    case "request-cork":
      corkRequests += 1
      guard corkRequests == 1 else { return }
      if let operation = pa_stream_cork(stream, 1, nil, nil) { pa_operation_unref(operation) }
      // A writer waiting for room stops waiting: nothing will be played until the uncork.
      signal()
      onEvent?(.interruptionBegan)
    case "request-uncork":
      guard corkRequests > 0 else { return }
      corkRequests -= 1
      guard corkRequests == 0 else { return }
      if let operation = pa_stream_cork(stream, 0, nil, nil) { pa_operation_unref(operation) }
      onEvent?(.interruptionEnded)
    default:
      break
    }
  }

  /// The stream moved to another sink: because its sink went away (it is no longer there), or
  /// because someone moved it.
  private func moved() {
    guard let stream else { return }
    let previous = sinkIndex
    sinkIndex = pa_stream_get_device_index(stream)
    let operation = pa_context_get_sink_info_by_index(
      context, previous,
      { _, info, eol, userdata in
        guard let calls = PulseAudioCalls.instance(userdata) else { return }
        if info != nil {
          calls.onEvent?(.outputChanged)
        } else if eol < 0 {
          calls.onEvent?(.outputLost)
        }
      }, userdata)
    if let operation { pa_operation_unref(operation) }
  }

  /// libpulse's words for the context's last error, such as "Connection refused".
  ///
  /// The corresponding C functions are `pa_context_errno` and `pa_strerror`.
  private var contextError: String {
    let error = pa_context_errno(context)
    guard let text = pa_strerror(error) else { return "error \(error)" }
    return String(cString: text)
  }
}
