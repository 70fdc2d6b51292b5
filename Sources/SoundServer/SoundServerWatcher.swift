internal import CPulseLoader
import HubSupport

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
    // libpulse is loaded here the first time a server may answer: until then none of it is mapped.
    let pulse: cpulse_calls
    do {
      pulse = try Libpulse.calls(toReach: server)
    } catch {
      continuation.finish(throwing: error)
      return stream
    }
    let connection = PulseConnection(server: server, applicationName: applicationName, pulse: pulse) {
      switch $0 {
      case .event(let value): continuation.yield(value)
      case .failed(let error): continuation.finish(throwing: error)
      }
    }
    // The stream ends inside Swift's cancellation of the iterating task, which holds that task's
    // lock meanwhile, and libpulse's thread holds its main loop's lock while it yields an event,
    // which takes the same task's lock to resume the iterator. Closing here would take the main
    // loop's lock in the other order: both threads waited for each other for good (a test's
    // cancelled iteration, caught in CI). The connection is closed on a thread of its own.
    continuation.onTermination = { _ in
      DetachedThread.start(name: "pulse teardown") { connection.close() }
    }
    connection.open()
    return stream
  }
}
