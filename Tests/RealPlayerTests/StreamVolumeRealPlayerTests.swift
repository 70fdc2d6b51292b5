import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// A real player's own volume through the hub: Chromium, whose MPRIS `Volume` takes any write and
/// stays at 1, beside VLC, both run as an unprivileged user on PulseAudio and on PipeWire's pulse server.
/// `remotectl volume 0.3` on Chromium sets its own sink inputs to pactl's 30 %, and VLC's stream
/// stays as it was. A case takes 20–40 s (two players, one a browser).
@Suite(
  "A real player's own volume, through the hub", .leavesNoChildProcesses, .timeLimit(.minutes(5)),
  .enabled(
    if: PulseAudioServer.requirement
      && .condition(getuid() == 0, "root (the players run as a user only root can make)")
      && RealPlayer.chromium.requirement && RealPlayer.vlc.requirement))
struct StreamVolumeRealPlayerTests {
  @Test(
    "remotectl volume 0.3 on Chromium, whose Volume ignores it, sets its own streams to 30 %, and VLC's stays as it was",
    arguments: SoundServerUnderTest.Kind.available)
  func chromiumBesideVLC(_ kind: SoundServerUnderTest.Kind) async throws {
    try await PlayerStage.run(on: kind) { stage in
      try await stage.startHub()
      let vlc = try await RealPlayer.vlc.start(on: stage)
      let chromium: RunningPlayer
      do {
        chromium = try await RealPlayer.chromium.start(on: stage)
      } catch {
        await vlc.stop()
        throw error
      }
      do {
        try await Self.check(chromium, beside: vlc, on: stage)
      } catch {
        await chromium.stop()
        await vlc.stop()
        throw TestFailure("\(error)\n\(stage.logs(of: chromium))\n\(stage.log(of: .vlc).suffix(1000))")
      }
      await chromium.stop()
      await vlc.stop()
    }
  }

  private static func check(_ chromium: RunningPlayer, beside vlc: RunningPlayer, on stage: PlayerStage)
    async throws
  {
    try await eventually(
      "the hub to match both players to their streams", within: .seconds(30),
      { try await stage.bus.run(BuiltProducts.remotectl, ["doctor"]).output },
      until: {
        $0.contains("the hub matches \(chromium.playerctlName) to its sound-server stream by")
          && $0.contains("the hub matches \(vlc.playerctlName) to its sound-server stream by")
      })
    let before = try await stage.server.sinkInputVolumes()
    let vlcStreams = before.filter { $0.applicationName?.hasPrefix("VLC") == true }
    let chromiumStreams = before.filter { $0.applicationName == "Chromium" }
    guard !vlcStreams.isEmpty, !chromiumStreams.isEmpty else {
      throw TestFailure("no stream of VLC's or of Chromium's among \(before)")
    }

    let set = try await stage.bus.run(
      BuiltProducts.remotectl, ["--player=\(chromium.playerctlName)", "volume", "0.3"])
    #expect(set.succeeded, "\(set)")
    let after = try await stage.server.sinkInputVolumes()
    for stream in chromiumStreams {
      let now = after.first { $0.index == stream.index }
      #expect(
        now?.percents.values.allSatisfy { $0 == "30%" } == true,
        "Chromium's stream: \(String(describing: now))")
    }
    for stream in vlcStreams {
      #expect(after.first { $0.index == stream.index }?.values == stream.values, "VLC's stream moved")
    }
    // Chromium's MPRIS Volume stays 1: its streams are read with --streams.
    let read = try await stage.bus.run(
      BuiltProducts.remotectl, ["--player=\(chromium.playerctlName)", "volume", "--streams"])
    #expect(read.trimmed == "0.300000", "\(read)")
  }
}
