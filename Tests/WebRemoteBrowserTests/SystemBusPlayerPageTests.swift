import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// A player on the system bus, relayed by the hub as `NAME.system`, on the web remote's page in
/// a real browser (issue 38: listed, "marked as a system-bus player where a person reads it",
/// its metadata and artwork shown on the page and on the phone's lock screen, its controls
/// reaching it on its bus). The player is binaural run as a system service would run it, on a
/// second bus the hub takes for the system bus, first under the same name as the stage's binaural
/// on the session bus: two players, told apart.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun))
struct SystemBusPlayerPageTests {
  /// The relay's id in the API: binaural on the system bus.
  static let relay = "binaural.system"

  @Test
  func
    `the page lists a system-bus player marked as such, shows its title and artwork, and its Play reaches it`()
    async throws
  {
    let system = try await PrivateBus.start()
    do {
      try await WebRemoteStage.run(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address]) { stage in
        // Read before the relay comes: `playerctl -p binaural` matches binaural.system too.
        let sessionTitle = try await stage.metadata("xesam:title", of: "binaural")
        // As a system service: its own track (another preset than the stage's binaural's).
        _ = try stage.bus.start(
          BuiltProducts.binaural,
          [
            "--output", "null", "--headless", "--name", "binaural", "--preset", "gamma-40hz", "--bus-address",
            system.address,
          ], environment: stage.environment,
          standardError: .file(stage.bus.directory.appendingPathComponent("binaural-system.log").path))
        let title = try await system.waitForPlayer("binaural")
        let artist = try await Self.systemPlayerctl(system, "metadata", "artist")
        #expect(sessionTitle != title)

        let opened = try await stage.openBrowser()
        let page = RemotePage(browser: opened)
        try await opened.open(try await stage.pairingURL().absoluteString)
        try await page.waitForText("title", sessionTitle)

        // The switcher lists both under binaural's name, the system bus's marked, the session's not.
        try await page.browser.click(named: "Players")
        let rows = try await eventually("both binaurals in the players list") { () async throws -> Rows? in
          let rows = try await page.browser.evaluate(Self.rowsScript, as: Rows.self)
          return rows.system.name.isEmpty || rows.session.name.isEmpty ? nil : rows
        }
        #expect(rows.system.name == rows.session.name && rows.system.nameFits, "\(rows)")
        #expect(rows.system.mark == "system bus" && rows.system.markShown, "\(rows)")
        #expect(!rows.session.markShown, "\(rows)")
        #expect(rows.system.makeLabel == "Make \(rows.system.name) (system bus) Now Playing", "\(rows)")
        #expect(rows.system.detail.contains(title), "\(rows)")
        try await page.browser.screenshot("system-bus-players", in: "web-remote")

        // Chosen, the transport shows it: its name marked, its title, artist and artwork.
        try await page.browser.click("#player-list li[data-player=\"\(Self.relay)\"] .player-choice")
        try await page.waitForText("title", title)
        #expect(try await page.text("artist") == artist)
        try await eventually("the name marked system bus") {
          try await page.browser.evaluate(
            """
            const mark = document.getElementById('player-bus');
            return !mark.hidden && mark.textContent === 'system bus'
              && mark.getBoundingClientRect().width > 0;
            """, as: Bool.self)
        }
        let artwork = try await eventually("its artwork to be shown") { () async throws -> String? in
          let source = try await page.browser.evaluate(
            """
            const img = document.getElementById('artwork');
            return img.complete && img.naturalWidth > 0 && !img.hidden ? img.getAttribute('src') : '';
            """, as: String.self)
          return source.isEmpty ? nil : source
        }
        #expect(artwork.hasPrefix("/api/players/\(Self.relay)/artwork"), "\(artwork)")

        // Its Play reaches it on the system bus; the session's binaural stays paused.
        try await page.waitUntilEnabled("Play")
        try await page.browser.click(named: "Play")
        try await eventually("binaural on the system bus to play") {
          try await Self.systemPlayerctl(system, "status") == "Playing"
        }
        try await page.waitForControl(named: "Pause")
        #expect(try await stage.playerProperty("PlaybackStatus", of: "binaural") == "'Paused'")
        try await page.browser.screenshot("system-bus-player", in: "web-remote")
      }
    } catch {
      await system.stop()
      throw error
    }
    await system.stop()
  }

  @Test
  func
    `on the lock screen, a system-bus player Now Playing shows its title, artist and artwork, and its buttons reach it`()
    async throws
  {
    let system = try await PrivateBus.start()
    do {
      // Without the proxy's and playerctld's names, playerctl reaches Chromium's own player (see
      // LockScreenTests).
      try await WebRemoteStage.run(
        hubArguments: ["--http-port", "0", "--proxy", "off"],
        hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address]
      ) { stage in
        let bus = stage.bus
        _ = try bus.start(
          BuiltProducts.binaural,
          [
            "--output", "null", "--headless", "--name", "radio", "--preset", "gamma-40hz", "--bus-address",
            system.address,
          ], environment: stage.environment,
          standardError: .file(bus.directory.appendingPathComponent("radio-system.log").path))
        let title = try await system.waitForPlayer("radio")
        let artist = try await Self.systemPlayerctl(system, "metadata", "artist", player: "radio")
        // The service plays (a stream came to it): Now Playing.
        _ = try await Self.systemPlayerctl(system, "play", player: "radio")
        try await eventually("radio.system to be Now Playing") {
          try await stage.nowPlaying() == "radio.system"
        }

        let opened = try await stage.openBrowser(onTheBus: true)
        let page = RemotePage(browser: opened)
        try await opened.open(try await stage.pairingURL().absoluteString)
        try await page.waitForText("title", title)
        _ = try await page.waitForControl(named: "Show on lock screen")
        try await opened.run("document.querySelector('.lock-screen').scrollIntoView({ block: 'end' });")
        try await opened.click(named: "Show on lock screen")
        let chromium = try await eventually("Chromium's own MPRIS player to show radio's title") {
          () async throws -> String? in
          let names = try await bus.run("playerctl", "-l").output.split(separator: "\n").map(String.init)
          guard let player = names.first(where: { $0.hasPrefix("chromium.") }) else { return nil }
          return try await stage.metadata("xesam:title", of: player) == title ? player : nil
        }
        #expect(try await stage.metadata("xesam:artist", of: chromium) == artist)
        let artwork = try await eventually("Chromium to publish the artwork") { () async throws -> String? in
          let url = try await stage.metadata("mpris:artUrl", of: chromium)
          return url.hasPrefix("file://") ? url : nil
        }
        let picture = try Data(contentsOf: URL(string: artwork)!)
        let original = try Data(
          contentsOf: URL(
            string: try await Self.systemPlayerctl(system, "metadata", "mpris:artUrl", player: "radio"))!)
        // radio's picture, not the page's icon: Chromium re-encodes it, at its size (PNG's IHDR).
        #expect(
          picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) && picture.count > 1000, "\(picture.count) bytes")
        #expect(Array(picture.prefix(24).suffix(8)) == Array(original.prefix(24).suffix(8)))

        // The lock screen's buttons reach the player on the system bus.
        _ = try await bus.playerctl("--player=\(chromium)", "pause")
        try await eventually("radio on the system bus to pause") {
          try await Self.systemPlayerctl(system, "status", player: "radio") == "Paused"
        }
        _ = try await bus.playerctl("--player=\(chromium)", "play")
        try await eventually("radio on the system bus to play") {
          try await Self.systemPlayerctl(system, "status", player: "radio") == "Playing"
        }
        #expect(try await stage.nowPlaying() == "radio.system")
      }
    } catch {
      await system.stop()
      throw error
    }
    await system.stop()
  }

  /// `playerctl -p PLAYER ARGUMENTS…` on the system bus (binaural by default), trimmed.
  static func systemPlayerctl(_ system: PrivateBus, _ arguments: String..., player: String = "binaural")
    async throws -> String
  {
    try await system.run("playerctl", ["-p", player] + arguments).trimmed
  }

  /// What the switcher shows of each binaural.
  struct Rows: Decodable, Sendable {
    struct Row: Decodable, Sendable {
      var name: String
      /// Whether the name shows whole (not cut short with an ellipsis).
      var nameFits: Bool
      var mark: String
      var markShown: Bool
      var detail: String
      var makeLabel: String
    }
    var system: Row
    var session: Row
  }

  static let rowsScript = """
    const row = (id) => {
      const li = document.querySelector(`#player-list li[data-player="${id}"]`);
      if (!li) return {name: '', nameFits: false, mark: '', markShown: false, detail: '', makeLabel: ''};
      const mark = li.querySelector('.bus-mark');
      const name = li.querySelector('.name > span:first-child');
      return {
        name: name.textContent,
        nameFits: name.scrollWidth <= name.clientWidth,
        mark: mark ? mark.textContent : '',
        markShown: !!mark && !mark.hidden && mark.getBoundingClientRect().width > 0,
        detail: li.querySelector('.detail').textContent,
        makeLabel: li.querySelector('.make-now-playing').getAttribute('aria-label'),
      };
    };
    return {system: row('\(relay)'), session: row('binaural')};
    """
}
