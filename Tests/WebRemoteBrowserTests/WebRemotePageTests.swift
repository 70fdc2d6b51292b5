import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The web remote's page in a real browser (headless Chromium at a phone's 390×844) against a
/// real remotectld and real players on a private bus: paired through the URL `remotectl pair`
/// prints, as a person would.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun))
struct WebRemotePageTests {
  /// Starts the stage and a browser, pairs the browser through `remotectl pair`'s URL, waits
  /// until the page shows binaural's title, runs `body`, and stops everything however it ended.
  private func withPairedPage(
    _ body: (WebRemoteStage, RemotePage, String) async throws -> Void
  ) async throws {
    try await WebRemoteStage.run { stage in
      let opened = try await stage.openBrowser()
      let page = RemotePage(browser: opened)
      let url = try await stage.pairingURL()
      try await opened.open(url.absoluteString)
      let title = try await stage.metadata("xesam:title", of: "binaural")
      try await page.waitForText("title", title)
      try await body(stage, page, try WebRemoteStage.origin(of: url))
    }
  }

  @Test func pairingThroughThePrintedURLShowsBinauralsTitleArtistAndArtwork() async throws {
    try await withPairedPage { stage, page, origin in
      #expect(try await page.text("artist") == (try await stage.metadata("xesam:artist", of: "binaural")))
      // The code is gone from the address bar (and so from the history and bookmarks).
      #expect(try await page.address() == origin + "/")

      let artwork = try await eventually("binaural's artwork to be shown") { () async throws -> String? in
        let source = try await page.browser.evaluate(
          """
          const img = document.getElementById('artwork');
          return img.complete && img.naturalWidth > 0 && !img.hidden ? img.getAttribute('src') : '';
          """, as: String.self)
        return source.isEmpty ? nil : source
      }
      #expect(artwork.hasPrefix("/api/players/binaural/artwork"))

      // The device stays paired: the page loaded again without a code shows the player.
      try await page.browser.open(origin + "/")
      try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
    }
  }

  @Test func everyControlHasItsAccessibleNameAndIsEnabledOnlyWhenOffered() async throws {
    try await withPairedPage { stage, page, _ in
      for name in [
        "Play", "Previous track", "Next track", "Skip backward", "Skip forward", "Seek", "Volume", "Like",
        "Players",
      ] {
        try await page.waitForControl(named: name)
      }
      // Enabled exactly when binaural offers the command (its Can… properties).
      for (name, property) in [
        ("Play", "CanPlay"), ("Next track", "CanGoNext"), ("Previous track", "CanGoPrevious"),
        ("Seek", "CanSeek"),
      ] {
        let offered = try await stage.playerProperty(property, of: "binaural") == "true"
        try await eventually("\(name) to be \(offered ? "enabled" : "disabled") as \(property) says") {
          try await page.browser.elements(named: name).contains { $0.displayed && $0.disabled != offered }
        }
      }
      for name in ["Skip forward", "Skip backward", "Like"] {
        try await page.waitUntilEnabled(name)
      }
    }
  }

  @Test func pressingPlayPlaysBinauralAndTheBarAdvancesWithoutGoingBack() async throws {
    try await withPairedPage { stage, page, _ in
      #expect(try await stage.status(of: "binaural") == "Paused")
      try await page.waitUntilEnabled("Play")
      try await page.browser.click(named: "Play")
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      try await page.waitForControl(named: "Pause")

      // The bar moves on its own (no polling: extrapolated from one anchor), and never back.
      let start = try await page.shownPosition()
      var shown = [start]
      try await eventually("the bar to advance by 1.5 s", within: .seconds(10)) {
        shown.append(try await page.shownPosition())
        return shown.last! >= start + 1.5
      }
      let backwards = zip(shown, shown.dropFirst()).filter { $1 < $0 }
      #expect(backwards.isEmpty, "the bar went back: \(backwards)")

      // And it agrees with the player: binaural's position, read between two readings of the
      // bar, lies between them (give or take 0.5 s), however slow the reads are.
      let before = try await page.shownPosition()
      let played = Double(try await stage.bus.playerctl("--player=binaural", "position").trimmed) ?? -100
      let after = try await page.shownPosition()
      #expect(
        played >= before - 0.5 && played <= after + 0.5,
        "binaural at \(played) s, the bar \(before)…\(after) s")

      try await page.browser.click(named: "Pause")
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
      try await page.waitForControl(named: "Play")
    }
  }

  @Test func theSwitcherListsMpvAndMakesItNowPlaying() async throws {
    try await withPairedPage { stage, page, _ in
      try await stage.startMpv()
      try await page.browser.click(named: "Players")
      // The button to make mpv Now Playing is named for it.
      let makeMpv = try await eventually("mpv in the players list") { () async throws -> String? in
        let label = try await page.browser.evaluate(
          """
          const b = document.querySelector('#player-list li[data-player="mpv"] .make-now-playing');
          return b ? b.getAttribute('aria-label') : '';
          """, as: String.self)
        return label.isEmpty ? nil : label
      }
      try await page.browser.click(named: makeMpv)
      try await eventually("the hub to make mpv Now Playing") { try await stage.nowPlaying() == "mpv" }

      // The page follows the Now Playing player: mpv, marked, first in the list.
      try await eventually("the page to show mpv, marked Now Playing") {
        try await page.browser.evaluate(
          """
          const first = document.querySelector('#player-list li');
          return document.getElementById('player-name').textContent.includes('mpv')
            && !document.getElementById('player-badge').hidden
            && first && first.dataset.player === 'mpv';
          """, as: Bool.self)
      }

      // The choice made, the sheet is closed: the transport shows, driving mpv.
      try await eventually("the players sheet to close") {
        try await page.browser.evaluate(
          "return !document.getElementById('players-dialog').open;", as: Bool.self)
      }

      // Choosing binaural in the list shows it without changing the Now Playing player.
      try await page.browser.click(named: "Players")
      try await page.browser.screenshot("players-two", in: "web-remote")
      try await page.browser.click("#player-list li[data-player=\"binaural\"] .player-choice")
      try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
      #expect(
        try await page.browser.evaluate(
          "return document.getElementById('player-badge').hidden;", as: Bool.self))
      #expect(try await stage.nowPlaying() == "mpv")
    }
  }

  @Test func draggingTheSeekBarMovesBinaural() async throws {
    try await withPairedPage { stage, page, _ in
      try await page.waitUntilEnabled("Seek")
      // What a drag ends with: input events while moving, change on release.
      try await page.browser.run(
        """
        const seek = document.getElementById('seek');
        seek.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        for (const v of [20, 40, 60]) {
          seek.value = String(v);
          seek.dispatchEvent(new Event('input', {bubbles: true}));
        }
        seek.dispatchEvent(new Event('change', {bubbles: true}));
        """)
      try await eventually("binaural to be at 60 s") { () async throws -> Bool in
        let position = Double(try await stage.bus.playerctl("--player=binaural", "position").trimmed) ?? -1
        return abs(position - 60) < 1
      }
      #expect(abs(try await page.shownPosition() - 60) < 1)
      #expect(try await page.text("elapsed") == "1:00")
    }
  }

  @Test func nextTrackShowsTheNewTitleAndArtworkFromTheStart() async throws {
    try await withPairedPage { stage, page, _ in
      let firstTitle = try await stage.metadata("xesam:title", of: "binaural")
      let artworkSource = "return document.getElementById('artwork').getAttribute('src') || '';"
      let firstArtwork = try await eventually("the first artwork") { () async throws -> String? in
        let source = try await page.browser.evaluate(artworkSource, as: String.self)
        return source.isEmpty ? nil : source
      }
      // Somewhere in the first track, so that the new one visibly starts from 0:00.
      try await page.browser.click(named: "Skip forward")
      try await eventually("the bar at 0:15") { try await page.text("elapsed") == "0:15" }

      try await page.waitUntilEnabled("Next track")
      try await page.browser.click(named: "Next track")
      let secondTitle = try await eventually("binaural's next title") { () async throws -> String? in
        let title = try await stage.metadata("xesam:title", of: "binaural")
        return title == firstTitle ? nil : title
      }
      try await page.waitForText("title", secondTitle)
      // The page shows the hub's anchor: the new track starts at 0:00, never at the last
      // track's position (binaural announces the track and its start as one change).
      try await page.waitForText("elapsed", "0:00", within: .seconds(5))
      try await eventually("the new artwork to be shown") {
        try await page.browser.evaluate(
          """
          const img = document.getElementById('artwork');
          return img.getAttribute('src') !== arguments[0] && img.complete && img.naturalWidth > 0 && !img.hidden;
          """, [firstArtwork], as: Bool.self)
      }
    }
  }

  @Test func theSpaceKeyPlaysAndPausesOnADesktop() async throws {
    try await withPairedPage { stage, page, _ in
      try await page.waitUntilEnabled("Play")
      let space = "document.body.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));"
      try await page.browser.run(space)
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      try await page.waitForControl(named: "Pause")
      try await page.browser.run(space)
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
    }
  }

  @Test func skipForwardMovesBinauralByItsPreferredInterval() async throws {
    try await withPairedPage { stage, page, _ in
      #expect(try await page.text("skip-forward-interval") == "15")
      try await page.waitUntilEnabled("Skip forward")
      try await page.browser.click(named: "Skip forward")
      try await eventually("binaural to be 15 s on") { () async throws -> Bool in
        let position = Double(try await stage.bus.playerctl("--player=binaural", "position").trimmed) ?? -1
        return abs(position - 15) < 1
      }
      try await eventually("the bar to show 0:15") { try await page.text("elapsed") == "0:15" }
    }
  }

  @Test func likeVolumeLoopAndShuffleReachBinauralAndShowItsState() async throws {
    try await withPairedPage { stage, page, _ in
      try await page.waitUntilEnabled("Like")
      try await page.browser.click(named: "Like")
      try await eventually("binaural's LikeActive") {
        try await stage.extensionProperty("LikeActive", of: "binaural") == "true"
      }
      try await eventually("Like shown pressed") {
        try await page.browser.elements(named: "Like").first?.pressed == "true"
      }

      try await page.waitUntilEnabled("Volume")
      try await page.browser.run(
        """
        const volume = document.getElementById('volume');
        volume.value = '0.3';
        volume.dispatchEvent(new Event('input', {bubbles: true}));
        volume.dispatchEvent(new Event('change', {bubbles: true}));
        """)
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "volume"], prints: "0.300000")

      try await page.waitUntilEnabled("Loop")
      try await page.browser.click(named: "Loop")
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "loop"], prints: "Playlist")
      try await page.waitForText("loop-mode", "All")

      try await page.waitUntilEnabled("Shuffle")
      try await page.browser.click(named: "Shuffle")
      try await stage.bus.waitUntil(playerctl: ["--player=binaural", "shuffle"], prints: "On")
      try await eventually("Shuffle shown pressed") {
        try await page.browser.elements(named: "Shuffle").first?.pressed == "true"
      }
    }
  }

  @Test func aPageFromAnotherOriginIsRefused() async throws {
    try await withPairedPage { stage, page, origin in
      // Two upgrades signed with this device's key, as the page signs them.
      let signedSocketURL = """
        return import(arguments[0] + '/js/signing.js').then(({ Signer, storedDevice }) =>
          arguments[0].replace('http://', 'ws://')
            + new Signer(storedDevice(localStorage)).signedURL('/api/events').url);
        """
      let own = try await page.browser.evaluate(signedSocketURL, [origin], as: String.self)
      let lent = try await page.browser.evaluate(signedSocketURL, [origin], as: String.self)
      let openSocket = """
        return new Promise((resolve) => {
          const socket = new WebSocket(arguments[0]);
          socket.onopen = () => { socket.close(); resolve('open'); };
          socket.onclose = (event) => resolve('closed ' + event.code);
          setTimeout(() => resolve('no answer'), 8000);
        });
        """
      // From the page's own origin, the socket opens: the refusal below is the Origin's doing.
      #expect(try await page.browser.evaluate(openSocket, [own], as: String.self) == "open")

      // Another site on the same machine (another port), even holding a good signature: only
      // the Origin differs.
      let foreign = try await ForeignSite.start(in: stage.bus.directory)
      defer { foreign.stop() }
      try await page.browser.open(foreign.origin + "/")
      #expect(try await page.browser.evaluate(openSocket, [lent], as: String.self).hasPrefix("closed"))

      // A command posted from there does nothing.
      _ = try await page.browser.evaluate(
        """
        return fetch(arguments[0], {method: 'POST', mode: 'no-cors', credentials: 'include',
          body: '{}'}).then(() => 'sent', (e) => 'failed ' + e);
        """, [origin + "/api/players/binaural/play"], as: String.self)
      #expect(try await stage.status(of: "binaural") == "Paused")
    }
  }

  @Test func aRevokedDeviceIsToldSoAndShownHowToPairAgain() async throws {
    try await withPairedPage { stage, page, _ in
      // The one paired device: this browser, named from its User-Agent.
      let listed = try await ChildProcess.run(
        BuiltProducts.remotectl, ["devices"], environment: stage.environment)
      let lines = listed.output.split(separator: "\n")
      guard lines.count == 1, let id = lines[0].split(separator: " ").first else {
        throw TestFailure("remotectl devices should list this browser alone: \(listed)")
      }
      #expect(lines[0].contains("Chrom"), "named after the browser: \(lines[0])")

      let revoked = try await ChildProcess.run(
        BuiltProducts.remotectl, ["devices", "revoke", String(id)], environment: stage.environment)
      #expect(revoked.succeeded, "\(revoked)")
      try await eventually("the page to say it was revoked") {
        try await page.text("pairing-text").hasPrefix("This device’s pairing was revoked.")
      }
      #expect(try await page.showsOfflineBanner() == false)
      // Only how to pair is shown: no controls that could no longer work.
      #expect(
        try await page.browser.evaluate(
          "return document.getElementById('play-pause').checkVisibility();", as: Bool.self) == false)
    }
  }

  @Test func thePageSaysWhenItIsOfflineAndReconnectsByItself() async throws {
    try await withPairedPage { stage, page, origin in
      guard let port = URL(string: origin)?.port else { throw TestFailure("no port in \(origin)") }
      #expect(try await page.showsOfflineBanner() == false)
      // The hub stops (its socket closes), and comes back on the same port.
      await stage.stopHub()
      try await eventually("the offline banner") { try await page.showsOfflineBanner() }
      try await page.browser.screenshot("offline", in: "web-remote")
      try await stage.startHub(["--http-port", "\(port)"])
      try await eventually("the banner to go", within: .seconds(40)) {
        try await page.showsOfflineBanner() == false
      }
      try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
      try await page.waitUntilEnabled("Play")
    }
  }
}
