import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// A player's own volume through its sound-server streams: `remotectl volume` on a player without
/// an MPRIS `Volume` (and with `--streams` on one with it) sets that player's sink inputs only, as
/// `pactl -f json` reads them back; a player with no stream of its own says why, in doctor's
/// words. Against PulseAudio and PipeWire's pulse server, with ``AudioChildPlayer``s whose audio
/// plays in a child or grandchild `pacat`, as a browser's does.
@Suite(
  "A player's own volume, through its sound-server streams", .serialized,
  .enabled(if: HubTools.playerctlCanRun && PulseAudioServer.requirement), .timeLimit(.minutes(3)))
struct StreamVolumeTests {
  private let matching = AudioSessionMatchingTests()

  private func remotectl(_ rig: AudioSessionMatchingTests.Rig, _ arguments: String...) async throws
    -> ClientResult
  {
    try await rig.bus.run(BuiltProducts.remotectl, arguments)
  }

  /// The channels' volumes of the streams of the ``AudioChildPlayer`` `name` (its `pacat` is
  /// named after it), as pactl prints them.
  private func percents(of name: String, _ rig: AudioSessionMatchingTests.Rig) async throws -> [String] {
    try await rig.server.sinkInputVolumes().filter { $0.applicationName == name }
      .flatMap { $0.percents.values.sorted() }
  }

  @Test(
    "remotectl volume sets only that player's sink inputs: through the hub when it has no MPRIS Volume, or with --streams",
    arguments: SoundServerUnderTest.Kind.available)
  func settingOnePlayersStreams(on kind: SoundServerUnderTest.Kind) async throws {
    try await matching.withRig(kind) { rig in
      try await rig.startHub()
      _ = try await rig.startChildPlayer("browser", ["--grandchild", "--no-volume"])
      _ = try await rig.startChildPlayer("music", [])
      try await rig.waitForStreamsOnHeadphones(2)
      // Both play in a child pacat: matched by descendant process.
      try await eventually(
        "the hub to match both players to their streams", within: .seconds(15), { try await rig.doctor() },
        until: {
          $0.contains("the hub matches browser to its sound-server stream by descendant process")
            && $0.contains("the hub matches music to its sound-server stream by descendant process")
        })
      #expect(try await percents(of: "browser", rig) == ["100%", "100%"])

      // No MPRIS Volume: the hub sets the browser's own stream, and only it. The hub answers
      // once the server has taken the volume, so pactl reads it back at once.
      let set = try await remotectl(rig, "--player=browser", "volume", "0.3")
      #expect(set.succeeded, "\(set)")
      #expect(try await percents(of: "browser", rig) == ["30%", "30%"])
      #expect(try await percents(of: "music", rig) == ["100%", "100%"])
      let read = try await remotectl(rig, "--player=browser", "volume")
      #expect(read.trimmed == "0.300000", "\(read)")
      let raised = try await remotectl(rig, "--player=browser", "volume", "0.1+")
      #expect(raised.succeeded, "\(raised)")
      #expect(try await percents(of: "browser", rig) == ["40%", "40%"])

      // A player with an MPRIS Volume: its streams only when asked.
      let music = try await remotectl(rig, "--player=music", "volume", "--streams", "0.5")
      #expect(music.succeeded, "\(music)")
      #expect(try await percents(of: "music", rig) == ["50%", "50%"])
      #expect(try await percents(of: "browser", rig) == ["40%", "40%"])

      let hub = try await remotectl(rig, "hub")
      #expect(hub.error.contains("Volume of browser: the sound server's streams"), "\(hub)")
      #expect(hub.error.contains("Volume of music: its MPRIS Volume"), "\(hub)")
    }
  }

  @Test("a player with no stream of its own is refused with the reason doctor gives")
  func aPlayerWithoutAStream() async throws {
    try await matching.withRig(.pulseAudio) { rig in
      try await rig.startHub()
      _ = try await rig.startChildPlayer("quiet", ["--silent", "--no-volume"])
      let opening = "the hub does not match quiet to a sound-server stream: "
      var reason = ""
      try await eventually("doctor to say why quiet has no stream") {
        let doctor = try await rig.doctor()
        guard let line = doctor.split(separator: "\n").first(where: { $0.contains(opening) }),
          let start = line.range(of: opening)?.upperBound,
          let end = line.range(of: "; calls still pause it")?.lowerBound
        else { return false }
        reason = String(line[start..<end])
        return reason.contains("no stream on the sound server comes from its process")
      }
      let set = try await remotectl(rig, "--player=quiet", "volume", "0.3")
      #expect(set.status == 1, "\(set)")
      #expect(set.error.contains("has no stream of its own on the sound server: \(reason)"), "\(set)")
      let streams = try await remotectl(rig, "--player=quiet", "volume", "--streams")
      #expect(streams.error.contains("has no stream of its own on the sound server: \(reason)"), "\(streams)")
    }
  }
}
