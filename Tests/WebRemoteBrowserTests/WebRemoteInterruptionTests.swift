import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The web remote's page while the hub's audio session holds players interrupted, in a real
/// browser against a real remotectld, binaural and mpv + mpv-mpris, the interruption made with
/// `remotectl interrupt begin` and `end`.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun && .mpvMPRIS))
struct WebRemoteInterruptionTests {
  /// What the switcher's row of `player` says (`Playing · Title — Artist`).
  private func rowDetail(_ page: RemotePage, _ player: String) async throws -> String {
    try await page.browser.evaluate(
      """
      const d = document.querySelector(`#player-list li[data-player="${arguments[0]}"] .detail`);
      return d ? d.textContent : '';
      """, [player], as: String.self)
  }

  private func waitForRow(
    _ page: RemotePage, _ player: String, _ what: String, _ predicate: @escaping @Sendable (String) -> Bool
  ) async throws {
    var last = ""
    do {
      try await eventually("\(player)'s row to \(what)") {
        last = try await rowDetail(page, player)
        return predicate(last)
      }
    } catch {
      throw TestFailure("\(error); it says \"\(last)\"")
    }
  }

  @Test func playersShowInterruptedDuringTheInterruptionAndNotAfterIt() async throws {
    try await WebRemoteStage.run { stage in
      let opened = try await stage.openBrowser()
      let page = RemotePage(browser: opened)
      try await opened.open(try await stage.pairingURL().absoluteString)
      try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
      try await stage.startMpv()
      for player in ["binaural", "mpv"] {
        try await stage.bus.playerctl("--player=\(player)", "play")
        try await stage.bus.waitUntil(playerctl: ["--player=\(player)", "status"], prints: "Playing")
        try await waitForRow(page, player, "say Playing") { $0.hasPrefix("Playing") }
      }

      let begin = try await stage.bus.run(BuiltProducts.remotectl, ["interrupt", "begin"])
      #expect(begin.succeeded, "\(begin)")
      for player in ["binaural", "mpv"] {
        try await waitForRow(page, player, "say Interrupted") { $0.hasPrefix("Interrupted") }
      }
      // The player shown (the Now Playing one) says so on its artwork too.
      try await eventually("the artwork to say Interrupted") {
        try await opened.evaluate("return document.getElementById('artwork-frame').title;", as: String.self)
          == "Interrupted"
      }
      // Someone starts mpv again during the interruption: its end will not touch it, so only the
      // end itself can tell the page that mpv is no longer interrupted.
      try await stage.bus.playerctl("--player=mpv", "play")
      try await stage.bus.waitUntil(playerctl: ["--player=mpv", "status"], prints: "Playing")

      let end = try await stage.bus.run(BuiltProducts.remotectl, ["interrupt", "end"])
      #expect(end.succeeded, "\(end)")
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      for player in ["binaural", "mpv"] {
        try await waitForRow(page, player, "say Playing again") { $0.hasPrefix("Playing") }
      }
      try await eventually("the artwork to say Interrupted no more") {
        try await opened.evaluate("return document.getElementById('artwork-frame').title;", as: String.self)
          == ""
      }
    }
  }
}
