import BusTestSupport
import Foundation
import SoundServer
import SoundTestSupport
import Testing

/// A stream's volume read and set through libpulse, against a real `pulseaudio` (and PipeWire's
/// pulse server where it is installed), read back with `pactl -f json list sink-inputs`.
@Suite(
  "A stream's volume, read and set", .serialized, .enabled(if: PulseAudioServer.requirement),
  .leavesNoChildProcesses)
struct StreamVolumeControlTests {
  /// The stream of `process`, waited for.
  private func stream(of process: ChildProcess, on server: SoundServerUnderTest) async throws
    -> SinkInputVolume
  {
    try await eventually("the stream of pacat \(process.processIdentifier)") {
      try await server.sinkInputVolumes().first { $0.processID == process.processIdentifier }
    }
  }

  /// The stream of `process` once its volume is a new stream's, 100 % on every channel: PipeWire
  /// lists a stream at 0 % until WirePlumber gives it that volume, which would undo a volume set
  /// before it, or move under a reading taken before it.
  private func streamAtFullVolume(of process: ChildProcess, on server: SoundServerUnderTest) async throws
    -> SinkInputVolume
  {
    try await eventually("the stream of pacat \(process.processIdentifier) at 100 %") {
      try await server.sinkInputVolumes().first {
        $0.processID == process.processIdentifier && !$0.percents.isEmpty
          && $0.percents.values.allSatisfy { $0 == "100%" }
      }
    }
  }

  @Test(arguments: SoundServerUnderTest.Kind.available)
  func `a level of 0.3 is what pactl shows as 30 %, on that stream only, its balance kept`(
    kind: SoundServerUnderTest.Kind
  ) async throws {
    try await SoundServerUnderTest.with(kind) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      let first = try server.play(role: "music", sink: "out")
      defer { first.kill() }
      let second = try server.play(role: "music", sink: "out")
      defer { second.kill() }
      let one = try await streamAtFullVolume(of: first, on: server)
      let other = try await streamAtFullVolume(of: second, on: server)
      // The first leans left: its right channel at half.
      _ = try await server.pactl("set-sink-input-volume", "\(one.index)", "100%", "50%")

      let control = StreamVolumeControl(server: server.address, applicationName: "tests")
      let set = try await control.setLevel(0.3, of: [one.index])
      #expect(set.map(\.index) == [one.index])
      #expect(abs((set.first?.level ?? 0) - 0.3) < 0.0001)

      let after = try await server.sinkInputVolumes()
      #expect(after.first { $0.index == one.index }?.percents == ["front-left": "30%", "front-right": "15%"])
      #expect(after.first { $0.index == other.index }?.percents == other.percents)

      let read = try await control.volumes(of: [other.index, one.index])
      #expect(read.map(\.index) == [one.index, other.index].sorted())
      let levels = Dictionary(uniqueKeysWithValues: read.map { ($0.index, $0.channels) })
      #expect(levels[one.index]?.count == 2)
      #expect(abs((levels[one.index]?.first ?? 0) - 0.3) < 0.0001)
      #expect(abs((levels[one.index]?.last ?? 0) - 0.15) < 0.0001)
      #expect(levels[other.index] == [1, 1])
    }
  }

  @Test func `a stream that ended, and a server that is not there, are errors that say so`() async throws {
    try await SoundServerUnderTest.with(.pulseAudio) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      let player = try server.play(role: "music", sink: "out")
      let index = try await stream(of: player, on: server).index
      _ = await player.terminate()
      try await eventually("the stream to end") {
        try await server.sinkInputVolumes().allSatisfy { $0.index != index }
      }
      let control = StreamVolumeControl(server: server.address, applicationName: "tests")
      await #expect(throws: SoundServerError(.noSuchStream, "")) {
        _ = try await control.setLevel(0.5, of: [index])
      }
    }
    let nowhere = StreamVolumeControl(server: "unix:/nonexistent/pulse/native", applicationName: "tests")
    let error = await #expect(throws: SoundServerError.self) { _ = try await nowhere.volumes(of: [0]) }
    #expect(error?.code == .unavailable)
    #expect(error?.description.contains("No sound server answered at unix:/nonexistent/pulse/native") == true)
  }
}
