import AudioPlayback
import BusTestSupport
import Foundation
import SoundTestSupport
import Synchronization
import Testing

/// What a real `pulseaudio` tells the output's stream: its role, the cork requests of
/// `module-role-cork` while a `pacat` call plays, and its moves between null sinks.
@Suite(
  "PulseAudio's stream events", .serialized, .enabled(if: PulseAudioServer.requirement),
  .leavesNoChildProcesses)
struct PulseAudioEventTests {
  final class Events: Sendable {
    private let storage = Mutex<[AudioOutputEvent]>([])
    var values: [AudioOutputEvent] { storage.withLock { $0 } }
    func append(_ event: AudioOutputEvent) { storage.withLock { $0.append(event) } }
  }

  func pactl(_ server: PulseAudioServer, _ arguments: String...) async throws -> String {
    let result = try await ChildProcess.run("pactl", arguments, environment: server.environment)
    guard result.status == 0 else { throw TestFailure("pactl \(arguments) failed: \(result.error)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func call(_ server: PulseAudioServer) throws -> ChildProcess {
    try ChildProcess(
      "pacat", ["--raw", "--property=media.role=phone", "--device=test", "/dev/zero"],
      environment: server.environment)
  }

  /// A player writing to a stream of `role` on `server`, its events in `events`.
  func play(_ server: PulseAudioServer, role: String, events: Events) throws -> BeatPlayer {
    let output = try PulseAudioOutput(server: server.address, role: role) { events.append($0) }
    let player = BeatPlayer(output: output, beat: BinauralBeat(carrier: 200, beat: 10))
    player.play()
    return player
  }

  @Test func `the stream carries its role`() async throws {
    let server = try await PulseAudioServer.start()
    let player = try play(server, role: "music", events: Events())
    try await eventually("a music stream") {
      try await pactl(server, "list", "sink-inputs").contains(#"media.role = "music""#)
    }
    player.close()
    await server.stop()
  }

  @Test func `a call's cork requests are an interruption that begins, then ends, once each`() async throws {
    let server = try await PulseAudioServer.start()
    _ = try await pactl(server, "load-module", "module-role-cork")
    let events = Events()
    let player = try play(server, role: "music", events: events)
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    let first = try call(server)
    try await eventually("the interruption") { events.values == [.interruptionBegan] }
    // A second call on top: counted, not reported.
    let second = try call(server)
    try await eventually("two phone streams") {
      try await pactl(server, "list", "sink-inputs").components(separatedBy: #"media.role = "phone""#).count
        == 3
    }
    await first.terminate()
    try await eventually("the first call gone") {
      try await pactl(server, "list", "sink-inputs").components(separatedBy: #"media.role = "phone""#).count
        == 2
    }
    #expect(events.values == [.interruptionBegan])
    await second.terminate()
    do {
      try await eventually("the interruption's end") {
        events.values == [.interruptionBegan, .interruptionEnded]
      }
    } catch {
      let streams = try await pactl(server, "list", "sink-inputs")
      throw TestFailure("\(error); events: \(events.values); streams: \(streams)")
    }
    player.close()
    #expect(player.failure == nil)
    await server.stop()
  }

  @Test(.timeLimit(.minutes(3)))
  func `while corked for a call it keeps real time and closes without waiting for the call's end`()
    async throws
  {
    let server = try await PulseAudioServer.start()
    _ = try await pactl(server, "load-module", "module-role-cork")
    let events = Events()
    let player = try play(server, role: "music", events: events)
    #expect(player.waitForFramesWritten(4_800, timeout: 5))
    let call = try call(server)
    try await eventually("the interruption") { events.values == [.interruptionBegan] }
    let corked = player.framesWritten
    #expect(player.waitForFramesWritten(corked + 9_600, timeout: 5), "it goes on at the real clock's pace")
    player.close()
    #expect(player.failure == nil)
    await call.terminate()
    await server.stop()
  }

  @Test func `a sink unloaded under the stream is an output lost; a move by hand is an output changed`()
    async throws
  {
    let server = try await PulseAudioServer.start()
    let module = try await pactl(server, "load-module", "module-null-sink", "sink_name=headphones")
    _ = try await pactl(server, "load-module", "module-null-sink", "sink_name=speaker")
    let events = Events()
    let output = try PulseAudioOutput(server: server.address, role: "music") { events.append($0) }
    let player = BeatPlayer(output: output, beat: BinauralBeat(carrier: 200, beat: 10))
    player.play()
    let index = try await eventually("the stream") {
      try await pactl(server, "list", "short", "sink-inputs").split(separator: "\t").first.map(String.init)
    }
    _ = try await pactl(server, "move-sink-input", index, "headphones")
    try await eventually("a move by hand") { events.values == [.outputChanged] }
    _ = try await pactl(server, "unload-module", module)
    try await eventually("the output lost") { events.values == [.outputChanged, .outputLost] }
    #expect(player.waitForFramesWritten(player.framesWritten + 4_800, timeout: 5), "it plays on elsewhere")
    player.close()
    #expect(player.failure == nil)
    await server.stop()
  }
}
