import BusTestSupport
import Foundation
import SoundServer
import SoundTestSupport
import Synchronization
import Testing

/// Events seen so far, appended by the task that iterates the watcher.
final class EventLog: Sendable {
  private let storage = Mutex<(events: [SoundServerEvent], error: (any Error)?)>(([], nil))

  var events: [SoundServerEvent] { storage.withLock { $0.events } }
  var error: (any Error)? { storage.withLock { $0.error } }

  func append(_ event: SoundServerEvent) { storage.withLock { $0.events.append(event) } }
  func fail(_ error: any Error) { storage.withLock { $0.error = error } }

  /// The first event since `start` that `match` picks, waited for.
  @discardableResult
  func first<Value>(
    _ what: String, after start: Int = 0, _ match: @escaping @Sendable (SoundServerEvent) -> Value?
  ) async throws -> Value {
    try await eventually(what, within: .seconds(15)) {
      if let error { throw error }
      return events.dropFirst(start).lazy.compactMap(match).first
    }
  }
}

/// What the watcher's tests do with a sound server.
extension SoundServerUnderTest {
  /// Silence played by `pacat` as a stream of `role` on `sink`.
  func play(role: String, sink: String) throws -> ChildProcess {
    try ChildProcess(
      "pacat", ["--raw", "--property=media.role=\(role)", "--device=\(sink)", "/dev/zero"],
      environment: environment)
  }

  /// The watcher's events, gathered by a task until it is cancelled.
  func watch() -> (EventLog, Task<Void, Never>) {
    let log = EventLog()
    let events = SoundServerWatcher(server: address, applicationName: "tests").events()
    let task = Task {
      do {
        for try await event in events { log.append(event) }
      } catch {
        log.fail(error)
      }
    }
    return (log, task)
  }
}

/// Watches a real `pulseaudio` (and PipeWire's pulse server when it is installed) while null
/// sinks come and go and `pacat` plays with roles.
@Suite(
  "The sound server's streams and sinks, watched", .serialized, .enabled(if: PulseAudioServer.requirement),
  .leavesNoChildProcesses)
struct SoundServerWatcherTests {
  @Test(arguments: SoundServerUnderTest.Kind.available)
  func `lists the sinks there, then a stream with its role, process and sink as it appears`(
    kind: SoundServerUnderTest.Kind
  ) async throws {
    try await SoundServerUnderTest.with(kind) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=phoneout")
      let (log, task) = server.watch()
      defer { task.cancel() }
      let sink = try await log.first("the null sink") {
        if case .sinkAdded(let sink) = $0, sink.name == "phoneout" { sink } else { nil }
      }
      let call = try server.play(role: "phone", sink: "phoneout")
      defer { call.kill() }
      let stream = try await log.first("pacat's phone stream") {
        if case .streamAdded(let stream) = $0, stream.role == "phone" { stream } else { nil }
      }
      #expect(stream.processID == call.processIdentifier)
      try await log.first("the stream on the null sink") {
        switch $0 {
        case .streamAdded(let found) where found.index == stream.index && found.sinkIndex == sink.index: true
        case .streamChanged(let found) where found.index == stream.index && found.sinkIndex == sink.index:
          true
        default: nil
        }
      }
      await call.terminate()
      try await log.first("the stream removed") {
        if case .streamRemoved(index: stream.index) = $0 { true } else { nil }
      }
    }
  }

  @Test(arguments: SoundServerUnderTest.Kind.available)
  func `a sink unloaded under a stream is removed and the stream leaves it`(kind: SoundServerUnderTest.Kind)
    async throws
  {
    try await SoundServerUnderTest.with(kind) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=speaker")
      let module = try await server.pactl("load-module", "module-null-sink", "sink_name=headphones")
      let (log, task) = server.watch()
      defer { task.cancel() }
      let headphones = try await log.first("the headphones sink") {
        if case .sinkAdded(let sink) = $0, sink.name == "headphones" { sink } else { nil }
      }
      let music = try server.play(role: "music", sink: "headphones")
      defer { music.kill() }
      let stream = try await log.first("the music stream on the headphones") {
        switch $0 {
        case .streamAdded(let found) where found.role == "music" && found.sinkIndex == headphones.index: found
        case .streamChanged(let found) where found.role == "music" && found.sinkIndex == headphones.index:
          found
        default: nil
        }
      }
      let before = log.events.count
      _ = try await server.pactl("unload-module", module)
      let lost = try await log.first("the headphones sink removed", after: before) {
        if case .sinkRemoved(index: headphones.index, let streams) = $0 { streams } else { nil }
      }
      #expect(lost.map(\.index) == [stream.index], "the stream that played on it")
      try await log.first("the stream off the headphones", after: before) {
        if case .streamChanged(let changed) = $0, changed.index == stream.index,
          changed.sinkIndex != headphones.index
        {
          true
        } else {
          nil
        }
      }
      await music.terminate()
    }
  }

  @Test(arguments: SoundServerUnderTest.Kind.available)
  func `says that what was there has all been told, after the sinks and streams already there`(
    kind: SoundServerUnderTest.Kind
  ) async throws {
    try await SoundServerUnderTest.with(kind) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=there")
      let music = try server.play(role: "music", sink: "there")
      defer { music.kill() }
      try await eventually("the music stream on the server") {
        try await server.pactl("list", "sink-inputs").contains("media.role = \"music\"")
      }
      let (log, task) = server.watch()
      defer { task.cancel() }
      try await log.first("listed") { $0 == .listed ? true : nil }
      let told = log.events.prefix { $0 != .listed }
      #expect(
        told.contains { if case .sinkAdded(let sink) = $0 { sink.name == "there" } else { false } }, "\(told)"
      )
      #expect(
        told.contains { if case .streamAdded(let stream) = $0 { stream.role == "music" } else { false } },
        "\(told)")
      #expect(log.events.filter { $0 == .listed }.count == 1)
      await music.terminate()
    }
  }

  @Test(arguments: SoundServerUnderTest.Kind.available)
  func `a sink loaded later is announced`(kind: SoundServerUnderTest.Kind) async throws {
    try await SoundServerUnderTest.with(kind) { server in
      let (log, task) = server.watch()
      defer { task.cancel() }
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=later")
      let later = try await log.first("the new sink") {
        if case .sinkAdded(let sink) = $0, sink.name == "later" { sink } else { nil }
      }
      #expect(later.isActivePortAvailable)
    }
  }

  @Test func `no server is an error that says how to start one`() async throws {
    let events = SoundServerWatcher(server: "unix:/nonexistent/native", applicationName: "tests").events()
    await #expect {
      for try await _ in events {}
    } throws: { error in
      (error as? SoundServerError)?.code == .unavailable && "\(error)".contains("Start PulseAudio")
    }
  }
}
