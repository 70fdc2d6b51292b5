/// Watches a sound server's playback streams and sinks through libpulse's introspection and
/// subscription, which PulseAudio and PipeWire's pulse server both serve.
///
/// libpulse runs on a thread of its own (its threaded main loop), which sleeps until the server
/// sends something: no task of Swift's cooperative pool ever waits on it, and nothing wakes up
/// while nothing changes.
package struct SoundServerWatcher: Sendable {
  /// The server's address (`unix:/run/user/1000/pulse/native`); `nil` for the default, which
  /// honours `PULSE_SERVER`.
  package var server: String?
  /// The name the watcher gives the server for itself (`application.name`).
  package var applicationName: String

  /// A watcher of `server`.
  package init(server: String? = nil, applicationName: String = "remotectld") {
    self.server = server
    self.applicationName = applicationName
  }

  /// The server's streams and sinks as they are (`streamAdded` and `sinkAdded` for each, sinks
  /// first, then `listed`), then every change, until the iterating task is cancelled. Ends with
  /// a ``SoundServerError`` when no server answers or the server goes away.
  package func events() -> AsyncThrowingStream<SoundServerEvent, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(
      of: SoundServerEvent.self, throwing: (any Error).self)
    let connection = PulseConnection(server: server, applicationName: applicationName) { event in
      switch event {
      case .event(let value): continuation.yield(value)
      case .failed(let error): continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in connection.close() }
    connection.open()
    return stream
  }
}
