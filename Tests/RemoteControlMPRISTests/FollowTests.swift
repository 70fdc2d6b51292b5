import BusTestSupport
import Foundation
import RemoteControl
import Testing

/// `playerctl --follow` prints each change as it happens: it relies on PropertiesChanged.
@Suite(.leavesNoChildProcesses) struct FollowTests {
  @Test @MainActor func playerctlFollowPrintsChangesAsTheyHappen() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application)
      let status = try player.bus.start("playerctl", "--player=\(player.playerName)", "--follow", "status")
      let titles = try player.bus.start(
        "playerctl", "--player=\(player.playerName)", "--follow", "metadata", "--format", "{{xesam:title}}")
      #expect(try await status.line() == "Paused")
      #expect(try await titles.line() == "Delta waves")
      player.application.nowPlayingInfoCenter.playbackState = .playing
      #expect(try await status.line() == "Playing")
      var info = Fixtures.fullInfo
      info.trackIdentifier = "track-2"
      info.title = "Theta waves"
      player.application.nowPlayingInfoCenter.nowPlayingInfo = info
      #expect(try await titles.line { $0 == "Theta waves" } == "Theta waves")
      player.application.nowPlayingInfoCenter.playbackState = .stopped
      #expect(try await status.line() == "Stopped")
      status.kill()
      titles.kill()
      _ = try await status.waitForExit()
      _ = try await titles.waitForExit()
    }
  }
}
