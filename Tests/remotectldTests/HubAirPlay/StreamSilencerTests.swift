import BusTestSupport
import Foundation
import Logging
import SoundTestSupport
import Testing

@testable import HubAirPlay
@testable import HubCore
@testable import remotectld

/// The audio session's hand on a player it cannot pause (AirPlay to this computer): its streams
/// muted for a while and given back, against a real `pulseaudio`, with `pacat` streams standing
/// for shairport-sync's, read back with `pactl -f json list sink-inputs`.
@Suite(
  "A remote player's streams, silenced and given back", .serialized,
  .enabled(if: PulseAudioServer.requirement),
  .leavesNoChildProcesses)
struct StreamSilencerTests {
  /// A stream played by `pacat` on the sink `out`, and its index once the server lists it.
  private func play(on server: SoundServerUnderTest) async throws -> (ChildProcess, UInt32) {
    let child = try ChildProcess(
      "pacat", ["--raw", "--property=media.role=music", "--device=out", "/dev/zero"],
      environment: server.environment)
    let index = try await eventually("the stream of pacat \(child.processIdentifier)") {
      try await server.sinkInputVolumes().first { $0.processID == child.processIdentifier }?.index
    }
    return (child, index)
  }

  /// The streams muted now, by index.
  private func muted(on server: SoundServerUnderTest) async throws -> Set<UInt32> {
    Set(try await server.sinkInputVolumes().filter(\.isMuted).map(\.index))
  }

  /// Runs `request` and waits for its `done`.
  private func answered(_ request: (@escaping @Sendable () -> Void) -> Void) async {
    await withCheckedContinuation { continuation in request { continuation.resume() } }
  }

  @Test func `its streams are muted, one that appears later too, and only what was muted is given back`()
    async throws
  {
    try await SoundServerUnderTest.with(.pulseAudio) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      let (first, one) = try await play(on: server)
      let (second, usersMuted) = try await play(on: server)
      let (other, others) = try await play(on: server)
      defer { [first, second, other].forEach { $0.kill() } }
      // Its user muted the second stream before.
      _ = try await server.pactl("set-sink-input-mute", "\(usersMuted)", "1")

      let silencer = StreamSilencer(server: server.address, logger: Logger(label: "tests"))
      let running = Task { await silencer.run() }
      await answered { silencer.silence([one, usersMuted], of: ":1.7", done: $0) }
      #expect(try await muted(on: server) == [one, usersMuted])

      // A stream that appears while it is silenced is silenced when handed over.
      let (third, later) = try await play(on: server)
      defer { third.kill() }
      await answered { silencer.silence([one, usersMuted, later], of: ":1.7", done: $0) }
      #expect(try await muted(on: server) == [one, usersMuted, later])
      #expect(!(try await muted(on: server)).contains(others))

      // One that comes muted while it is silenced (the sound server's memory of the mute) is
      // given back too.
      let (fourth, remembered) = try await play(on: server)
      defer { fourth.kill() }
      _ = try await server.pactl("set-sink-input-mute", "\(remembered)", "1")
      await answered { silencer.silence([one, usersMuted, later, remembered], of: ":1.7", done: $0) }
      #expect(try await muted(on: server) == [one, usersMuted, later, remembered])

      // One ends before the sound is given back: the others still get theirs.
      _ = await third.terminate()
      await answered { silencer.restore(":1.7", done: $0) }
      #expect(try await muted(on: server) == [usersMuted])

      // What is silenced when the hub stops is given back.
      await answered { silencer.silence([one], of: ":1.7", done: $0) }
      #expect(try await muted(on: server) == [one, usersMuted])
      silencer.finish()
      await running.value
      #expect(try await muted(on: server) == [usersMuted])
    }
  }

  @Test func `a muted stream that ended before its sound came back: the player's next one is unmuted once`()
    async throws
  {
    try await SoundServerUnderTest.with(.pulseAudio, loading: ["module-stream-restore"]) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      let (first, ended) = try await play(on: server)
      let silencer = StreamSilencer(server: server.address, logger: Logger(label: "tests"))
      let running = Task { await silencer.run() }
      await answered { silencer.silence([ended], of: ":1.7", done: $0) }
      _ = await first.terminate()
      try await eventually("the stream to end") {
        try await server.sinkInputVolumes().allSatisfy { $0.index != ended }
      }
      await answered { silencer.restore(":1.7", done: $0) }
      // The server remembers the mute: the program's next stream comes muted.
      let (second, next) = try await play(on: server)
      defer { second.kill() }
      #expect(try await muted(on: server) == [next])
      silencer.streamsAppeared([next], of: ":1.7")
      try await eventually("the next stream to be unmuted") { try await muted(on: server).isEmpty }
      // Once: the user's own mute after that is left alone.
      _ = try await server.pactl("set-sink-input-mute", "\(next)", "1")
      await answered { silencer.restore(":1.7", done: $0) }
      silencer.streamsAppeared([next], of: ":1.7")
      silencer.finish()
      await running.value
      #expect(try await muted(on: server) == [next])
    }
  }

  @Test func `a stream gone, or a server not there, stops nothing: the next request is carried out`()
    async throws
  {
    let nowhere = StreamSilencer(server: "unix:/nonexistent/pulse/native", logger: Logger(label: "tests"))
    let failing = Task { await nowhere.run() }
    await answered { nowhere.silence([1], of: ":1.7", done: $0) }
    nowhere.finish()
    await failing.value
    try await SoundServerUnderTest.with(.pulseAudio) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      let (gone, ended) = try await play(on: server)
      let (player, playing) = try await play(on: server)
      defer { player.kill() }
      _ = await gone.terminate()
      try await eventually("the stream to end") {
        try await server.sinkInputVolumes().allSatisfy { $0.index != ended }
      }
      let silencer = StreamSilencer(server: server.address, logger: Logger(label: "tests"))
      let running = Task { await silencer.run() }
      await answered { silencer.silence([ended], of: ":1.7", done: $0) }
      await answered { silencer.silence([ended, playing], of: ":1.8", done: $0) }
      #expect(try await muted(on: server) == [playing])
      silencer.finish()
      await running.value
      #expect(try await muted(on: server) == [])
    }
  }
}
