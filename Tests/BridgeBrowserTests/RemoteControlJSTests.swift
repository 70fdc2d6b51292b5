import BusTestSupport
import Foundation
import Testing

/// A page in a real headless Chromium, playing a generated tone from an `<audio>` element and
/// publishing it with remote-control.js, driven from the bus by playerctl as a desktop would.
@Suite("remote-control.js in Chromium", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct RemoteControlJSTests {
  static let appId = "ToneDemo"
  static let player = "--player=\(appId)"

  @Test
  func
    `playerctl lists the page's player, shows its title, and its play, pause, next and position reach the page's handlers`()
    async throws
  {
    try await withPage(browserOnBus: false) { bus, hub, browser in
      let page = try await hub.open("demo.html?appId=\(Self.appId)&identity=Tone%20Demo", in: browser)

      #expect(try await bus.waitForPlayer(Self.appId, status: "Playing") == "A440")
      #expect(try await bus.playerctl("--list-all").output.split(separator: "\n").contains("ToneDemo"))
      #expect(
        try await bus.playerctl(Self.player, "metadata", "--format", "{{xesam:artist}}|{{xesam:album}}")
          .trimmed
          == "Tone Generator|Sines")

      try await bus.playerctl(Self.player, "pause")
      try await page.waitForAction("pause")
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Paused")
      #expect(try await page.text(of: "state") == "paused")

      try await bus.playerctl(Self.player, "play")
      try await page.waitForAction("play")
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Playing")

      try await bus.playerctl(Self.player, "next")
      try await page.waitForAction("nexttrack")
      try await bus.waitUntil(playerctl: [Self.player, "metadata", "xesam:title"], prints: "E660")
      #expect(try await page.text(of: "title") == "E660")

      // playerctl position 12 is SetPosition with the current track id: the page gets seekto 12
      // and its audio goes there; the Position the player publishes follows.
      try await bus.playerctl(Self.player, "position", "12")
      let seek = try await page.waitForAction("seekto")
      #expect(seek.details.seekTime == 12)
      try await eventually("Position to be about 12 s") {
        let seconds = Double(try await bus.playerctl(Self.player, "position").trimmed) ?? -1
        return seconds >= 12 && seconds < 13.5
      }
    }
  }

  @Test
  func
    `Position follows setPositionState, and an invalid position state is the spec's TypeError and changes nothing`()
    async throws
  {
    try await withPage(browserOnBus: false) { bus, hub, browser in
      let page = try await hub.open(
        "demo.html?appId=\(Self.appId)&identity=Tone%20Demo&autoplay=0", in: browser)
      try await bus.waitForPlayer(Self.appId)

      // Paused, the position is exactly what the page said.
      _ = try await page.evaluate(
        """
        remoteControl.mediaSession.playbackState = 'paused';
        remoteControl.mediaSession.setPositionState({duration: 45, playbackRate: 1, position: 30});
        return 'ok'
        """)
      try await bus.waitUntil(playerctl: [Self.player, "position"], prints: "30.000000")
      #expect(try await bus.playerctl(Self.player, "metadata", "mpris:length").trimmed == "45000000")

      for bad in [
        "{duration: -1}", "{duration: NaN}", "{duration: 10, position: 11}",
        "{duration: 10, playbackRate: 0}",
      ] {
        let answer = try await page.evaluate(
          "try { remoteControl.mediaSession.setPositionState(\(bad)); return 'accepted' } catch (e) { return e.name }"
        )
        #expect(answer == "TypeError", "setPositionState(\(bad))")
      }
      // An action the specification does not name is its TypeError; one it names that MPRIS has
      // no counterpart for is accepted, and offers nothing.
      #expect(
        try await page.evaluate(
          "try { remoteControl.mediaSession.setActionHandler('rewind', () => {}); return 'accepted' } catch (e) { return e.name }"
        ) == "TypeError")
      _ = try await page.evaluate(
        "remoteControl.mediaSession.setActionHandler('nexttrack', null); remoteControl.mediaSession.setActionHandler('skipad', () => {}); return 'ok'"
      )
      try await eventually("CanGoNext to follow the removed nexttrack handler") {
        try await bus.probe("state", "org.mpris.MediaPlayer2.\(Self.appId)")["CanGoNext"] as? Bool == false
      }
      // The refused states never reached the hub: a later valid one is the next it applies.
      _ = try await page.evaluate(
        "remoteControl.mediaSession.setPositionState({duration: 45, playbackRate: 1, position: 7.5}); return 'ok'"
      )
      try await bus.waitUntil(playerctl: [Self.player, "position"], prints: "7.500000")
      #expect(try await bus.playerctl(Self.player, "metadata", "mpris:length").trimmed == "45000000")
    }
  }

  @Test func `leaving the page removes its player within one second, and coming back brings it back`()
    async throws
  {
    try await withPage(browserOnBus: false) { bus, hub, browser in
      let page = try await hub.open("demo.html?appId=\(Self.appId)&identity=Tone%20Demo", in: browser)
      try await bus.waitForPlayer(Self.appId, status: "Playing")
      /// Waits for the title, saying where the page was and what it knew when it does not come.
      func titleBecomes(_ title: String) async throws {
        do {
          try await bus.waitUntil(playerctl: [Self.player, "metadata", "xesam:title"], prints: title)
        } catch {
          let seen = try? await page.evaluate(
            "return location.href + ' restored=' + window.restored + ' title=' + document.title + ' ' + document.getElementById('connection')?.textContent + ' actions=' + JSON.stringify(window.actions)"
          )
          throw TestFailure("\(error); the page: \(seen ?? "unreadable")")
        }
      }
      try await bus.playerctl(Self.player, "next")
      try await titleBecomes("E660")

      // Chromium keeps the page, frozen, in its back/forward cache: only the module's pagehide
      // handler closes the connection then.
      let left = ContinuousClock.now
      try await page.navigate(to: "about:blank")
      try await eventually("the player to leave the bus", within: .seconds(3)) {
        !(try await bus.playerctl("--list-all").output.split(separator: "\n").contains("ToneDemo"))
      }
      let gone = ContinuousClock.now - left
      #expect(gone < .seconds(1), "the player left \(gone) after the page did")

      // Back: restored from the cache, the page registers again with the state it had. While
      // other Chromiums ran beside (the whole suite), back sometimes landed on the new tab page
      // instead, as if the page's history entry had been skipped (3 times in about 15 runs):
      // that is recorded as a known issue, and the page's own behaviour checked whenever back
      // reaches it.
      _ = try await page.evaluate("history.back(); return 'ok'")
      let landed = try await eventually("the back navigation to land") { () async throws -> String? in
        guard let href = try? await page.evaluate("return location.href"), href != "about:blank" else {
          return nil
        }
        return href
      }
      guard landed.contains("demo.html") else {
        withKnownIssue("history.back() landed on \(landed), not the demo page", isIntermittent: true) {
          throw TestFailure("the back/forward cache was not reached")
        }
        return
      }
      try await titleBecomes("E660")
      #expect(try await page.evaluate("return String(window.restored)") == "true")
    }
  }

  @Test func `a page reconnects after the hub restarts, registers again and resends its whole state`()
    async throws
  {
    let port = try TakenPort.free()
    try await withPage(hubPort: port, browserOnBus: false) { bus, hub, browser in
      let page = try await hub.open("demo.html?appId=\(Self.appId)&identity=Tone%20Demo", in: browser)
      try await bus.waitForPlayer(Self.appId, status: "Playing")
      try await bus.playerctl(Self.player, "next")
      try await bus.waitUntil(playerctl: [Self.player, "metadata", "xesam:title"], prints: "E660")

      await hub.stop()
      try await eventually("the page to notice") { try await page.text(of: "connection") == "lost" }
      let restarted = try await BridgeHub.start(on: bus, port: port, runtimeDirectory: hub.runtimeDirectory)
      // The page was opened from the first hub; it finds the second at the same address.
      try await bus.waitUntil(
        playerctl: [Self.player, "metadata", "xesam:title"], prints: "E660", within: .seconds(15))
      try await bus.waitUntil(playerctl: [Self.player, "status"], prints: "Playing")
      let state = try await bus.probe("state", "org.mpris.MediaPlayer2.\(Self.appId)")
      #expect(state["CanGoNext"] as? Bool == true)
      #expect(state["CanSeek"] as? Bool == true)
      try await bus.playerctl(Self.player, "pause")
      try await page.waitForAction("pause")
      await restarted.stop()
    }
  }
}
