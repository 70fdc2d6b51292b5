internal import CPulseLoader
import FoundationEssentials
import HubSupport

/// One request about streams' volumes, for ``StreamVolumeControl``: a libpulse context on a main
/// loop of its own, run on a thread of its own until the answer is in, then freed. Every libpulse
/// call of the volume requests is here, through the table ``Libpulse`` loads.
///
/// `@unchecked Sendable`: its mutable state (`mainloop`, `context`, `awaited`, `volumes`,
/// `found`, `outcome`) is touched only on the request's own thread, where the main loop runs and calls
/// every callback; ``start()`` hands the request to that thread and touches nothing after.
final class PulseVolumeRequest: @unchecked Sendable {
  /// What is asked.
  enum Operation: Sendable {
    /// Each stream's volume.
    case read
    /// Each stream's loudest channel to this `pa_volume_t`, the others scaled with it.
    case set(UInt32)
    /// Each stream muted (`true`) or unmuted, when it is not so already: those already so are
    /// answered as they are, and left out of the answer.
    case mute(Bool)
  }

  private let server: String?
  private let applicationName: String
  /// libpulse's functions.
  private let pulse: cpulse_calls
  private let operation: Operation
  private let indices: [UInt32]
  private let timeout: Duration
  private let finish: @Sendable (Result<[StreamVolume], SoundServerError>) -> Void
  private var mainloop: OpaquePointer?
  private var context: OpaquePointer?
  private var isReady = false
  /// Replies still awaited.
  private var awaited = 0
  private var volumes: [StreamVolume] = []
  /// Streams the server described: the others are gone.
  private var found = 0
  private var refusal: SoundServerError?
  private var outcome: Result<[StreamVolume], SoundServerError>?

  private init(
    server: String?, applicationName: String, pulse: cpulse_calls, operation: Operation, indices: [UInt32],
    timeout: Duration, finish: @escaping @Sendable (Result<[StreamVolume], SoundServerError>) -> Void
  ) {
    self.server = server
    self.applicationName = applicationName
    self.pulse = pulse
    self.operation = operation
    self.indices = indices
    self.timeout = timeout
    self.finish = finish
  }

  /// Runs a request on a thread of its own, where libpulse is loaded first when it is not yet
  /// (``Libpulse``); `finish` gets the answer there.
  static func start(
    server: String?, applicationName: String, operation: Operation, indices: [UInt32], timeout: Duration,
    finish: @escaping @Sendable (Result<[StreamVolume], SoundServerError>) -> Void
  ) {
    DetachedThread.start(name: "pulse-volume") {
      let pulse: cpulse_calls
      do throws(SoundServerError) {
        pulse = try Libpulse.calls(toReach: server)
      } catch {
        return finish(.failure(error))
      }
      let request = PulseVolumeRequest(
        server: server, applicationName: applicationName, pulse: pulse, operation: operation,
        indices: indices,
        timeout: timeout, finish: finish)
      request.finish(request.run())
    }
  }

  private var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func request(_ userdata: UnsafeMutableRawPointer?) -> PulseVolumeRequest? {
    userdata.map { Unmanaged<PulseVolumeRequest>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Connects, asks, and waits for the answers or the time limit; frees everything after.
  ///
  /// The corresponding C functions are `pa_mainloop_new`, `pa_context_new`, `pa_context_connect`,
  /// `pa_context_rttime_new`, `pa_mainloop_run`, `pa_context_disconnect` and `pa_mainloop_free`.
  private func run() -> Result<[StreamVolume], SoundServerError> {
    guard let mainloop = pulse.mainloop_new() else {
      return .failure(SoundServerError(.unavailable, "libpulse could not make a main loop"))
    }
    self.mainloop = mainloop
    defer {
      pulse.mainloop_free(mainloop)
      self.mainloop = nil
    }
    let api = pulse.mainloop_get_api(mainloop)
    guard let context = pulse.context_new(api, applicationName) else {
      return .failure(SoundServerError(.unavailable, "libpulse could not make a context"))
    }
    self.context = context
    defer {
      pulse.context_set_state_callback(context, nil, nil)
      pulse.context_disconnect(context)
      pulse.context_unref(context)
      self.context = nil
    }
    pulse.context_set_state_callback(
      context, { context, userdata in PulseVolumeRequest.request(userdata)?.stateChanged(context) }, userdata)
    if pulse.context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
      return .failure(error(.unavailable, context))
    }
    let (seconds, attoseconds) = timeout.components
    let limit = UInt64(max(0, seconds)) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000)
    let timer = pulse.context_rttime_new(
      context, pulse.rtclock_now() + limit,
      { _, _, _, userdata in PulseVolumeRequest.request(userdata)?.timedOut() }, userdata)
    defer { if let timer { api?.pointee.time_free?(timer) } }
    var code: Int32 = 0
    if outcome == nil { _ = pulse.mainloop_run(mainloop, &code) }
    return outcome ?? .failure(SoundServerError(.refused, "the sound server's main loop ended early"))
  }

  // MARK: - Callbacks, on the request's thread

  private func stateChanged(_ context: OpaquePointer?) {
    guard let context, outcome == nil else { return }
    let state = pulse.context_get_state(context)
    if state == PA_CONTEXT_READY {
      isReady = true
      awaited = indices.count
      for index in indices {
        expect(pulse.context_get_sink_input_info(context, index, Self.streamInfo, userdata), context)
      }
    } else if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
      conclude(.failure(error(isReady ? .disconnected : .unavailable, context)))
    }
  }

  private static let streamInfo: pa_sink_input_info_cb_t = { context, info, eol, userdata in
    request(userdata)?.received(context, info?.pointee, eol)
  }

  private static let volumeSet: pa_context_success_cb_t = { context, success, userdata in
    request(userdata)?.answered(context, success: success != 0)
  }

  /// One reply to `pa_context_get_sink_input_info`: the stream (`eol` 0), its end (`eol` 1), or
  /// an error (`eol` negative: the stream is gone, or the server refused).
  private func received(_ context: OpaquePointer?, _ info: pa_sink_input_info?, _ eol: Int32) {
    guard let context, outcome == nil else { return }
    if eol < 0 {
      if pulse.context_errno(context) != Int32(PA_ERR_NOENTITY.rawValue) {
        refusal = refusal ?? error(.refused, context)
      }
      return replied()
    }
    if eol > 0 { return replied() }
    guard let info else { return }
    found += 1
    var volume = info.volume
    var isMuted = info.mute != 0
    if case .mute(let muting) = operation {
      // Already so: someone else's, left alone.
      guard isMuted != muting else { return }
      isMuted = muting
      awaited += 1
      expect(
        pulse.context_set_sink_input_mute(context, info.index, muting ? 1 : 0, Self.volumeSet, userdata),
        context
      )
    }
    if case .set(let raw) = operation {
      let channels = UInt32(volume.channels)
      if pulse.cvolume_max(&volume) == 0 {
        _ = pulse.cvolume_set(&volume, channels, raw)
      } else {
        _ = pulse.cvolume_scale(&volume, raw)
      }
      awaited += 1
      let operation = pulse.context_set_sink_input_volume(
        context, info.index, &volume, Self.volumeSet, userdata)
      expect(operation, context)
    }
    let channels = withUnsafeBytes(of: volume.values) { bytes in
      bytes.bindMemory(to: UInt32.self).prefix(Int(volume.channels)).map(StreamVolume.level)
    }
    volumes.append(StreamVolume(index: info.index, channels: channels, isMuted: isMuted))
  }

  /// The answer to `pa_context_set_sink_input_volume`.
  private func answered(_ context: OpaquePointer?, success: Bool) {
    guard let context, outcome == nil else { return }
    if !success, pulse.context_errno(context) != Int32(PA_ERR_NOENTITY.rawValue) {
      refusal = refusal ?? error(.refused, context)
    }
    replied()
  }

  private func replied() {
    awaited -= 1
    guard awaited == 0 else { return }
    if let refusal { return conclude(.failure(refusal)) }
    guard found > 0 else {
      let streams = indices.map(String.init).joined(separator: ", ")
      return conclude(
        .failure(SoundServerError(.noSuchStream, "the stream \(streams) is no longer on the sound server")))
    }
    conclude(.success(volumes.sorted { $0.index < $1.index }))
  }

  private func timedOut() {
    guard outcome == nil else { return }
    conclude(.failure(SoundServerError(.refused, "the sound server did not answer within \(timeout)")))
  }

  /// The corresponding C function is `pa_mainloop_quit`.
  private func conclude(_ result: Result<[StreamVolume], SoundServerError>) {
    guard outcome == nil else { return }
    outcome = result
    if let mainloop { pulse.mainloop_quit(mainloop, 0) }
  }

  /// The error of `code`, with libpulse's words for the context's last error.
  private func error(_ code: SoundServerError.Code, _ context: OpaquePointer) -> SoundServerError {
    let reason = pulse.strerror(pulse.context_errno(context)).map { String(cString: $0) } ?? "unknown error"
    let whereTo = server.map { "at \($0)" } ?? "(the default server, or PULSE_SERVER)"
    return switch code {
    case .unavailable:
      SoundServerError(
        code,
        "No sound server answered \(whereTo): \(reason). Start PulseAudio or PipeWire's pipewire-pulse, or set PULSE_SERVER."
      )
    case .disconnected: SoundServerError(code, "The sound server \(whereTo) went away: \(reason).")
    case .noSuchStream: SoundServerError(code, "The stream is no longer on the sound server: \(reason).")
    case .refused:
      SoundServerError(code, "The sound server \(whereTo) refused the stream's volume: \(reason).")
    }
  }

  /// Lets go of `operation`, whose reply still comes (`pa_operation_unref`); an operation
  /// libpulse could not start is a refusal, and its reply counted as come.
  private func expect(_ operation: OpaquePointer?, _ context: OpaquePointer) {
    guard let operation else {
      refusal = refusal ?? error(.refused, context)
      return replied()
    }
    pulse.operation_unref(operation)
  }
}
