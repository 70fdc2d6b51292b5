import Foundation

/// Every signal from `/org/mpris/MediaPlayer2` on any interface, as a python3-dbus client
/// received it: for the TrackList and Playlists signals, which ``SignalMonitor`` does not show.
package struct QueueSignalMonitor: Sendable {
  /// One signal: its interface (for PropertiesChanged, the interface whose properties changed),
  /// its member and its arguments as plain JSON.
  package struct Record: Sendable, Decodable, CustomStringConvertible {
    package var interface: String
    package var member: String
    /// The arguments, as JSON text (an array).
    package var arguments: String
    /// The changed property names (PropertiesChanged).
    package var changed: [String]?
    /// The invalidated property names (PropertiesChanged).
    package var invalidated: [String]?

    /// The arguments, decoded.
    package var decodedArguments: [Any] {
      (try? JSONSerialization.jsonObject(with: Data(arguments.utf8))) as? [Any] ?? []
    }

    package var description: String { "\(interface).\(member)(\(changed ?? []), \(invalidated ?? []))" }
  }

  static let script = PythonProgram.source("queue_monitor.py")

  package let process: ChildProcess

  /// Starts a monitor on `bus` and waits until it listens.
  package static func start(on bus: PrivateBus) async throws -> QueueSignalMonitor {
    let path = bus.directory.appendingPathComponent("queue_monitor.py").path
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let process = try bus.start(PrivateBus.python3, path)
    _ = try await process.line { $0 == "READY" }
    return QueueSignalMonitor(process: process)
  }

  /// Every signal received up to and including the first that satisfies `marker`.
  package func records(
    until marker: @escaping @Sendable (Record) -> Bool, within timeout: Duration = .seconds(10)
  )
    async throws -> [Record]
  {
    var records: [Record] = []
    while true {
      let line = try await process.line(within: timeout) { _ in true }
      guard let record = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)) else { continue }
      records.append(record)
      if marker(record) { return records }
    }
  }

  package func stop() async {
    process.kill()
    _ = try? await process.waitForExit(within: .seconds(5))
  }
}
