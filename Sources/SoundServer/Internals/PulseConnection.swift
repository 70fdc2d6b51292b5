internal import CPulseLoader
import HubSupport
import Synchronization

/// One libpulse context on a threaded main loop: every libpulse call of the watcher, through the
/// table ``Libpulse`` loaded, and the translation of what the server reports into
/// ``SoundServerEvent``s.
///
/// `@unchecked Sendable`: the mutable state (`context`, `streams`, `sinks`, `isReady`) is touched
/// only on the main loop's thread (in libpulse's callbacks) or with the main loop's lock held
/// (``open()``, ``teardown()``), which is libpulse's own rule for its threaded main loop; `closed`
/// is a mutex.
final class PulseConnection: @unchecked Sendable {
  /// What the connection reports.
  enum Output: Sendable {
    case event(SoundServerEvent)
    case failed(SoundServerError)
  }

  private let server: String?
  private let applicationName: String
  /// libpulse's functions.
  private let pulse: cpulse_calls
  private let deliver: @Sendable (Output) -> Void
  private let mainloop: OpaquePointer?
  private var context: OpaquePointer?
  private var streams: [UInt32: PlaybackStream] = [:]
  private var sinks: [UInt32: Sink] = [:]
  private var isReady = false
  private var hasFailed = false
  /// Whether ``open()`` is under way; a failure meanwhile waits in `pendingFailure`.
  private var isOpening = false
  private var pendingFailure: SoundServerError?
  private let closed = Mutex(false)

  init(
    server: String?, applicationName: String, pulse: cpulse_calls,
    deliver: @escaping @Sendable (Output) -> Void
  ) {
    self.server = server
    self.applicationName = applicationName
    self.pulse = pulse
    self.deliver = deliver
    self.mainloop = pulse.threaded_mainloop_new()
  }

  private var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func connection(_ userdata: UnsafeMutableRawPointer?) -> PulseConnection? {
    userdata.map { Unmanaged<PulseConnection>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Connects, on the main loop's thread.
  ///
  /// The corresponding C functions are `pa_context_new`, `pa_context_connect` and
  /// `pa_threaded_mainloop_start`.
  func open() {
    guard let mainloop else {
      return deliver(.failed(SoundServerError(.unavailable, "libpulse could not make a main loop")))
    }
    pulse.threaded_mainloop_lock(mainloop)
    isOpening = true
    var refused: SoundServerError?
    context = pulse.context_new(pulse.threaded_mainloop_get_api(mainloop), applicationName)
    if let context {
      pulse.context_set_state_callback(
        context, { context, userdata in PulseConnection.connection(userdata)?.stateChanged(context) },
        userdata)
      pulse.context_set_subscribe_callback(
        context,
        { context, type, index, userdata in
          PulseConnection.connection(userdata)?.subscriptionEvent(context, type, index)
        }, userdata)
      if pulse.context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
        hasFailed = true
        refused = error(.unavailable, context)
      }
    } else {
      refused = SoundServerError(.unavailable, "libpulse could not make a context")
    }
    isOpening = false
    refused = refused ?? pendingFailure
    pulse.threaded_mainloop_unlock(mainloop)
    // Told after the lock is released: the consumer may close at once, which frees the loop.
    if let refused { return deliver(.failed(refused)) }
    _ = pulse.threaded_mainloop_start(mainloop)
  }

  /// Disconnects and stops the main loop's thread; from the main loop's thread itself (a
  /// consumer that stops in a callback), on another thread, since the loop cannot stop itself.
  func close() {
    guard
      !closed.withLock({ closed in
        defer { closed = true }; return closed
      })
    else { return }
    guard let mainloop else { return }
    if pulse.threaded_mainloop_in_thread(mainloop) != 0 {
      DetachedThread.start(name: "pulse teardown") { self.teardown() }
    } else {
      teardown()
    }
  }

  /// The corresponding C functions are `pa_context_disconnect`, `pa_threaded_mainloop_stop` and
  /// `pa_threaded_mainloop_free`.
  private func teardown() {
    guard let mainloop else { return }
    pulse.threaded_mainloop_lock(mainloop)
    if let context {
      pulse.context_set_state_callback(context, nil, nil)
      pulse.context_set_subscribe_callback(context, nil, nil)
      pulse.context_disconnect(context)
      pulse.context_unref(context)
      self.context = nil
    }
    pulse.threaded_mainloop_unlock(mainloop)
    pulse.threaded_mainloop_stop(mainloop)
    pulse.threaded_mainloop_free(mainloop)
  }

  // MARK: - Callbacks, on the main loop's thread

  private func stateChanged(_ context: OpaquePointer?) {
    guard let context else { return }
    let state = pulse.context_get_state(context)
    if state == PA_CONTEXT_READY {
      isReady = true
      let mask = pa_subscription_mask_t(
        rawValue: PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SINK_INPUT.rawValue)
      release(pulse.context_subscribe(context, mask, nil, nil))
      // Replies come in the order asked: the sinks, then the streams on them.
      release(pulse.context_get_sink_info_list(context, Self.sinkInfo, userdata))
      release(pulse.context_get_sink_input_info_list(context, Self.listedStreamInfo, userdata))
    } else if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
      fail(isReady ? .disconnected : .unavailable, context)
    }
  }

  private func subscriptionEvent(
    _ context: OpaquePointer?, _ type: pa_subscription_event_type_t, _ index: UInt32
  ) {
    guard let context else { return }
    let facility = type.rawValue & PA_SUBSCRIPTION_EVENT_FACILITY_MASK.rawValue
    let removed =
      type.rawValue & PA_SUBSCRIPTION_EVENT_TYPE_MASK.rawValue == PA_SUBSCRIPTION_EVENT_REMOVE.rawValue
    if facility == PA_SUBSCRIPTION_EVENT_SINK_INPUT.rawValue {
      if removed {
        if streams.removeValue(forKey: index) != nil { deliver(.event(.streamRemoved(index: index))) }
      } else {
        release(pulse.context_get_sink_input_info(context, index, Self.streamInfo, userdata))
      }
    } else if facility == PA_SUBSCRIPTION_EVENT_SINK.rawValue {
      if removed {
        if sinks.removeValue(forKey: index) != nil {
          deliver(.event(.sinkRemoved(index: index, streams: streams(on: index))))
        }
      } else {
        release(pulse.context_get_sink_info_by_index(context, index, Self.sinkInfo, userdata))
      }
    }
  }

  private static let sinkInfo: pa_sink_info_cb_t = { _, info, eol, userdata in
    guard eol == 0, let info else { return }
    connection(userdata)?.received(sink: info.pointee)
  }

  private static let streamInfo: pa_sink_input_info_cb_t = { _, info, eol, userdata in
    guard eol == 0, let info else { return }
    connection(userdata)?.received(stream: info.pointee)
  }

  /// The first list of streams; its end says that everything there has been told.
  private static let listedStreamInfo: pa_sink_input_info_cb_t = { _, info, eol, userdata in
    guard let connection = connection(userdata) else { return }
    if eol > 0 { return connection.deliver(.event(.listed)) }
    if eol == 0, let info { connection.received(stream: info.pointee) }
  }

  private func received(sink info: pa_sink_info) {
    let port = info.active_port?.pointee
    let sink = Sink(
      index: info.index, name: info.name.map { String(cString: $0) } ?? "",
      description: info.description.map { String(cString: $0) } ?? "",
      activePort: port?.name.map { String(cString: $0) },
      isActivePortAvailable: port.map { $0.available != Int32(PA_PORT_AVAILABLE_NO.rawValue) } ?? true)
    let old = sinks.updateValue(sink, forKey: sink.index)
    guard let old else { return deliver(.event(.sinkAdded(sink))) }
    if old.isActivePortAvailable, !sink.isActivePortAvailable {
      deliver(.event(.activePortUnavailable(sink, streams: streams(on: sink.index))))
    } else if !old.isActivePortAvailable, sink.isActivePortAvailable {
      deliver(.event(.activePortAvailable(sink)))
    }
  }

  private func received(stream info: pa_sink_input_info) {
    func property(_ name: String) -> String? {
      pulse.proplist_gets(info.proplist, name).map { String(cString: $0) }
    }
    let origin = StreamOrigin(
      processID: property("application.process.id").flatMap { Int32($0) },
      binary: property("application.process.binary"), machineID: property("application.process.machine_id"),
      applicationName: property("application.name"), applicationID: property("application.id"),
      iconName: property("application.icon_name"), portalAppID: property("pipewire.access.portal.app_id"),
      portalInstanceID: property("pipewire.access.portal.instance_id"))
    let stream = PlaybackStream(
      index: info.index, role: property("media.role"), origin: origin, sinkIndex: info.sink,
      isCorked: info.corked != 0)
    let old = streams.updateValue(stream, forKey: stream.index)
    if old == nil {
      deliver(.event(.streamAdded(stream)))
    } else if old != stream {
      deliver(.event(.streamChanged(stream)))
    }
  }

  /// The streams known to play on the sink, lowest index first. The server's moves off a sink
  /// that goes away reach us after its removal: until then the streams still name it.
  private func streams(on sink: UInt32) -> [PlaybackStream] {
    streams.values.filter { $0.sinkIndex == sink }.sorted { $0.index < $1.index }
  }

  /// Reports the context's failure once.
  private func fail(_ code: SoundServerError.Code, _ context: OpaquePointer) {
    guard !hasFailed else { return }
    hasFailed = true
    // libpulse may fail within `pa_context_connect`, while ``open()`` holds the lock.
    if isOpening { return pendingFailure = error(code, context) }
    deliver(.failed(error(code, context)))
  }

  /// The error of `code`, with libpulse's words for the context's last error.
  private func error(_ code: SoundServerError.Code, _ context: OpaquePointer) -> SoundServerError {
    let reason = pulse.strerror(pulse.context_errno(context)).map { String(cString: $0) } ?? "unknown error"
    let whereTo = server.map { "at \($0)" } ?? "(the default server, or PULSE_SERVER)"
    let description =
      code == .unavailable
      ? "No sound server answered \(whereTo): \(reason). Start PulseAudio or PipeWire's pipewire-pulse, or set PULSE_SERVER."
      : "The sound server \(whereTo) went away: \(reason)."
    return SoundServerError(code, description)
  }

  /// The corresponding C function is `pa_operation_unref`: the reply still comes.
  private func release(_ operation: OpaquePointer?) {
    if let operation { pulse.operation_unref(operation) }
  }
}
