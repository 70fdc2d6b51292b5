import BusTestSupport
import Foundation
import Testing

/// The hybrid radio app written for the Cordova RemoteControls plugin, unchanged but for the
/// shim's script tag: its own `remoteControls.updateMetas` calls publish the show, and the lock
/// screen's buttons reach its `remote-event` listener with the plugin's subtypes.
@Suite("the Cordova shim in Chromium", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct CordovaShimTests {
  static let player = "--player=CampusRadio"

  @Test
  func
    `the app's updateMetas publishes its show, and play-pause, pause, play, next and previous arrive as its remote events`()
    async throws
  {
    try await withPage(browserOnBus: false) { bus, hub, browser in
      let page = try await hub.open("cordova-demo.html?appId=CampusRadio", in: browser)

      // deviceready → startPlayingAudio → updateMetas([artist, title, album, image, duration, elapsed]).
      #expect(try await bus.waitForPlayer("CampusRadio", status: "Playing") == "Late Show")
      let published = try await bus.playerctl(
        Self.player, "metadata", "--format", "{{xesam:artist}}|{{xesam:album}}|{{mpris:length}}")
      #expect(published.trimmed == "Night Owls|Campus Radio|40000000")
      #expect(try await bus.playerctl("--list-all").trimmed.contains("CampusRadio"))
      try await eventually("updateMetas's success callback") {
        try await page.text(of: "now") == "Night Owls – Late Show"
      }

      // MPRIS PlayPause is iOS's toggle: the app hears "playpause" and decides itself.
      try await bus.playerctl(Self.player, "play-pause")
      try await page.waitForRemoteEvents(["playpause"])
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Paused")

      try await bus.playerctl(Self.player, "play")
      try await page.waitForRemoteEvents(["playpause", "play"])
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Playing")

      try await bus.playerctl(Self.player, "pause")
      try await page.waitForRemoteEvents(["playpause", "play", "pause"])
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Paused")

      try await bus.playerctl(Self.player, "next")
      try await page.waitForRemoteEvents(["playpause", "play", "pause", "nextTrack"])
      try await bus.waitUntil(playerctl: [Self.player, "metadata", "xesam:title"], prints: "Wake Up")
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Playing")

      try await bus.playerctl(Self.player, "previous")
      try await page.waitForRemoteEvents(["playpause", "play", "pause", "nextTrack", "prevTrack"])
      try await bus.waitUntil(playerctl: [Self.player, "metadata", "xesam:title"], prints: "Late Show")

      // The plugin has no stop, seek or rate: the player does not offer them.
      let state = try await bus.probe("state", "org.mpris.MediaPlayer2.CampusRadio")
      #expect(state["CanSeek"] as? Bool == false)
      #expect(state["CanGoNext"] as? Bool == true)
      #expect(state["CanGoPrevious"] as? Bool == true)
    }
  }
}
