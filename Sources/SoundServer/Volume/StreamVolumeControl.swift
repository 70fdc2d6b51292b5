/// Reads and sets the volume of playback streams (sink inputs) on a sound server, through
/// libpulse's introspection, which PulseAudio and PipeWire's pulse server both serve.
///
/// Each request connects, asks, and disconnects, on a thread of its own: no task of Swift's
/// cooperative pool waits on the server, and nothing stays open between requests. Levels are
/// fractions of `PA_VOLUME_NORM`, as ``StreamVolume`` explains.
package struct StreamVolumeControl: Sendable {
  /// The server's address; `nil` for the default, which honours `PULSE_SERVER`.
  package var server: String?
  /// The name the request gives the server for itself (`application.name`).
  package var applicationName: String
  /// How long a request waits for the server before it gives up.
  package var timeout: Duration

  /// A control of `server`'s streams.
  package init(server: String? = nil, applicationName: String = "remotectld", timeout: Duration = .seconds(5))
  {
    self.server = server
    self.applicationName = applicationName
    self.timeout = timeout
  }

  /// The volume of each stream of `indices` still on the server, lowest index first.
  ///
  /// Throws a ``SoundServerError``: ``SoundServerError/Code/noSuchStream`` when none of them is
  /// there any more, ``SoundServerError/Code/unavailable`` when no server answers.
  ///
  /// The corresponding C function is `pa_context_get_sink_input_info`.
  package func volumes(of indices: [UInt32]) async throws(SoundServerError) -> [StreamVolume] {
    try await perform(.read, on: indices)
  }

  /// Sets each stream of `indices` to `level` (clamped to `0 … 1`, a fraction of
  /// `PA_VOLUME_NORM`): its loudest channel to `level`, the others scaled with it, so that a
  /// stream keeps its channel count and balance. Returns the volumes set, lowest index first;
  /// streams that ended meanwhile are left out.
  ///
  /// Throws a ``SoundServerError``: ``SoundServerError/Code/noSuchStream`` when none of them is
  /// there any more, ``SoundServerError/Code/refused`` when the server refuses the volume,
  /// ``SoundServerError/Code/unavailable`` when no server answers.
  ///
  /// The corresponding C functions are `pa_context_get_sink_input_info`, `pa_cvolume_scale` and
  /// `pa_context_set_sink_input_volume`.
  package func setLevel(_ level: Double, of indices: [UInt32]) async throws(SoundServerError)
    -> [StreamVolume]
  {
    try await perform(.set(StreamVolume.rawVolume(level)), on: indices)
  }

  /// Mutes (`isMuted` true) or unmutes each stream of `indices` that is not so already, and
  /// returns the streams it changed, lowest index first, each as it is now: a stream muted or
  /// unmuted by someone else is left alone and left out, so that whoever mutes for a while can
  /// give back exactly what it took. Streams that ended meanwhile are left out too.
  ///
  /// Throws a ``SoundServerError``: ``SoundServerError/Code/noSuchStream`` when none of them is
  /// there any more, ``SoundServerError/Code/refused`` when the server refuses,
  /// ``SoundServerError/Code/unavailable`` when no server answers.
  ///
  /// The corresponding C functions are `pa_context_get_sink_input_info` and
  /// `pa_context_set_sink_input_mute`.
  package func setMuted(_ isMuted: Bool, of indices: [UInt32]) async throws(SoundServerError)
    -> [StreamVolume]
  {
    try await perform(.mute(isMuted), on: indices)
  }

  private func perform(_ operation: PulseVolumeRequest.Operation, on indices: [UInt32])
    async throws(SoundServerError) -> [StreamVolume]
  {
    guard !indices.isEmpty else {
      throw SoundServerError(.noSuchStream, "no stream was given")
    }
    let result = await withCheckedContinuation { continuation in
      PulseVolumeRequest.start(
        server: server, applicationName: applicationName, operation: operation,
        indices: Array(Set(indices)).sorted(), timeout: timeout
      ) { continuation.resume(returning: $0) }
    }
    return try result.get()
  }
}
