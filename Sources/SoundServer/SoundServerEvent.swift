/// Something that changed on the sound server (PulseAudio, or PipeWire's pulse server).
package enum SoundServerEvent: Sendable, Hashable {
  /// A playback stream (a sink input) appeared; the first events list the streams already there.
  ///
  /// The corresponding libpulse event is `PA_SUBSCRIPTION_EVENT_SINK_INPUT | PA_SUBSCRIPTION_EVENT_NEW`.
  case streamAdded(PlaybackStream)
  /// A playback stream changed: its properties, or the sink it plays on (it moved).
  case streamChanged(PlaybackStream)
  /// A playback stream went away.
  case streamRemoved(index: UInt32)
  /// A sink appeared; the first events list the sinks already there.
  case sinkAdded(Sink)
  /// A sink went away (a device unplugged, a module unloaded), with the streams that played on
  /// it then: they lost their output (the server moves them elsewhere, or ends them, after).
  case sinkRemoved(index: UInt32, streams: [PlaybackStream])
  /// The sink's active port became unavailable (headphones unplugged), with the streams that
  /// play on it: they lost their output, though the sink stays.
  case activePortUnavailable(Sink, streams: [PlaybackStream])
  /// The sink's active port became available again, or the sink chose another port that is.
  case activePortAvailable(Sink)
  /// The sinks and streams already there have all been told (after the first `sinkAdded` and
  /// `streamAdded` events): the watcher is connected and up to date.
  case listed
}

/// A playback stream: a PulseAudio sink input.
package struct PlaybackStream: Sendable, Hashable {
  /// The stream's index on the server.
  package var index: UInt32
  /// The stream's `media.role` (`music`, `video`, `phone`…), `nil` when it set none.
  package var role: String?
  /// What the stream says of the program that plays it.
  package var origin: StreamOrigin
  /// The index of the sink it plays on.
  package var sinkIndex: UInt32
  /// Whether the stream is corked (paused by its program or the server).
  package var isCorked: Bool

  /// A stream.
  package init(index: UInt32, role: String?, origin: StreamOrigin, sinkIndex: UInt32, isCorked: Bool) {
    self.index = index
    self.role = role
    self.origin = origin
    self.sinkIndex = sinkIndex
    self.isCorked = isCorked
  }

  /// The `application.process.id` of the program that plays it, when it said.
  package var processID: Int32? { origin.processID }
  /// The `application.name` of the program that plays it, when it said.
  package var applicationName: String? { origin.applicationName }
}

/// An output: a PulseAudio sink.
package struct Sink: Sendable, Hashable {
  /// The sink's index on the server.
  package var index: UInt32
  /// The sink's name (`alsa_output.pci-0000_00_1f.3.analog-stereo`).
  package var name: String
  /// The name people see.
  package var description: String
  /// The active port's name, `nil` when the sink has no ports.
  package var activePort: String?
  /// Whether the active port is available: `false` only when the server says it is not
  /// (unknown counts as available).
  package var isActivePortAvailable: Bool

  /// A sink.
  package init(
    index: UInt32, name: String, description: String, activePort: String?, isActivePortAvailable: Bool
  ) {
    self.index = index
    self.name = name
    self.description = description
    self.activePort = activePort
    self.isActivePortAvailable = isActivePortAvailable
  }
}
