import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// "Show on lock screen": the page hands the Now Playing player to the browser's Media Session.
///
/// A phone's browser hands that session to the phone's lock screen; a headless Chromium whose
/// session bus is the test's private bus hands it to MPRIS instead (its own player,
/// `org.mpris.MediaPlayer2.chromium.instance<pid>`), which is how the test sees what a lock
/// screen would show, and presses its buttons. That same player is the echo the hub must never
/// take for a player.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun), .timeLimit(.minutes(4)))
struct LockScreenTests {
  @Test
  func
    `the switch hands binaural to Chromium's media session: its title, artist and artwork, its buttons reach binaural, it follows the next track, and the hub never lists the echo`()
    async throws
  {
    // Without the hub's proxy and playerctld names: playerctl then lists the players on the bus
    // itself (with playerctld there, it lists playerctld's PlayerNames, where the echo never is)
    // and reaches Chromium's player, as a phone's lock screen reaches the session.
    try await WebRemoteStage.run(hubArguments: ["--http-port", "0", "--proxy", "off"]) { stage in
      let bus = stage.bus
      try await bus.playerctl("--player=binaural", "play")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      // Every announcement of the hub's from now on: its Now Playing player and its list (the
      // monitor is ready once its match rule is installed, so none is missed).
      var monitors: [ChildProcess] = []
      for name in [Self.hub] {
        let monitor = try bus.start(
          NameMonitor.executable, NameMonitor.arguments(address: bus.address, sender: name))
        _ = try await monitor.line(within: .seconds(10), where: NameMonitor.isReady)
        monitors.append(monitor)
      }

      let opened = try await stage.openBrowser(onTheBus: true)
      let page = RemotePage(browser: opened)
      try await opened.open(try await stage.pairingURL().absoluteString)
      let firstTitle = try await stage.metadata("xesam:title", of: "binaural")
      try await page.waitForText("title", firstTitle)
      let lockSwitch = try await page.waitForControl(named: "Show on lock screen")
      #expect(lockSwitch.role == "switch")
      #expect(try await switchState(opened) == "false", "the switch is off by default")
      #expect(try await chromiumPlayer(bus) == nil, "Chromium publishes a player before the switch is on")
      try await scrollToSwitch(opened)
      for scheme in ["light", "dark"] {
        try await opened.setColorScheme(scheme)
        try await opened.screenshot("lock-screen-off-\(scheme)", in: "lock-screen")
      }
      try await opened.setColorScheme("light")

      // On, by its name, with a real click: the tap starts the silence (no autoplay flag here).
      try await opened.click(named: "Show on lock screen")
      try await eventually("the switch to be on") { try await switchState(opened) == "true" }
      let chromium = try await eventually("Chromium's own MPRIS player to show binaural's title") {
        () async throws -> String? in
        guard let player = try await chromiumPlayer(bus) else { return nil }
        let shown = try await stage.metadata("xesam:title", of: player)
        return shown == firstTitle ? player : nil
      }
      #expect(
        try await stage.metadata("xesam:artist", of: chromium)
          == (try await stage.metadata(
            "xesam:artist", of: "binaural")))
      #expect(try await stage.status(of: chromium) == "Playing")
      #expect(
        try await opened.evaluate(
          "return !document.getElementById('lock-screen-audio').paused;", as: Bool.self),
        "the silence plays")
      // The artwork: Chromium fetched the hub's artwork URL (with the page's cookie) and
      // published its copy as a file.
      let artwork = try await eventually("Chromium to publish the artwork") { () async throws -> String? in
        let url = try await stage.metadata("mpris:artUrl", of: chromium)
        return url.hasPrefix("file://") ? url : nil
      }
      let picture = try Data(contentsOf: URL(string: artwork)!)
      #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]) || picture.starts(with: [0xFF, 0xD8, 0xFF]))
      #expect(picture.count > 1000, "the artwork is \(picture.count) bytes")
      let original = try Data(
        contentsOf: URL(string: try await stage.metadata("mpris:artUrl", of: "binaural"))!)
      // Binaural's picture, not the page's icon: Chromium re-encodes it, at its size (PNG's IHDR).
      #expect(Array(picture.prefix(24).suffix(8)) == Array(original.prefix(24).suffix(8)))
      // The page remembers the switch on this device.
      #expect(
        try await opened.evaluate(
          "return localStorage.getItem('remotectl.showOnLockScreen');", as: String.self) == "on")

      for scheme in ["light", "dark"] {
        try await opened.setColorScheme(scheme)
        try await scrollToSwitch(opened)
        try await opened.screenshot("lock-screen-on-\(scheme)", in: "lock-screen")
        try await opened.setViewport(width: 1280, height: 800)
        try await opened.screenshot("lock-screen-on-desktop-\(scheme)", in: "lock-screen")
        try await opened.setViewport(width: 390, height: 844)
      }
      try await opened.setColorScheme("light")
      print("lock screen screenshots: \(Browser.screenshots.appendingPathComponent("lock-screen").path)")

      // Its buttons reach binaural.
      try await bus.playerctl("--player=\(chromium)", "pause")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
      try await bus.waitUntil(playerctl: ["--player=\(chromium)", "status"], prints: "Paused")
      try await bus.playerctl("--player=\(chromium)", "play")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      try await bus.waitUntil(playerctl: ["--player=\(chromium)", "status"], prints: "Playing")

      try await bus.playerctl("--player=\(chromium)", "next")
      let secondTitle = try await eventually("binaural to play the next track") {
        () async throws -> String? in
        let title = try await stage.metadata("xesam:title", of: "binaural")
        return title != firstTitle && !title.isEmpty ? title : nil
      }
      try await bus.waitUntil(
        playerctl: ["--player=\(chromium)", "metadata", "xesam:title"], prints: secondTitle)

      // SetPosition, and Seek (Chromium passes a Seek on without its offset: binaural skips by
      // its own interval).
      try await bus.playerctl("--player=\(chromium)", "position", "30")
      let afterSetPosition = try await eventually("binaural at 30 s") { () async throws -> Double? in
        let position = try await binauralPosition(bus)
        return position >= 30 && position < 40 ? position : nil
      }
      try await bus.playerctl("--player=\(chromium)", "position", "10+")
      try await eventually("binaural to skip forward") {
        try await binauralPosition(bus) >= afterSetPosition + 5
      }

      // Throughout: binaural is Now Playing, and the echo is in none of the hub's lists.
      #expect(try await stage.nowPlaying() == "binaural")
      #expect(
        !(try await hubList(bus, Self.hub, "io.github.swift_remote_control.Hub1", "Players")).contains(
          "chromium"))
      let listed = try await opened.evaluate(
        "return [...document.querySelectorAll('#player-list li[data-player]')].map((li) => li.dataset.player);",
        as: [String].self)
      #expect(listed == ["binaural"], "the page lists \(listed)")

      // Off: the page lets go. Chromium keeps its player on the bus until it quits, stopped
      // and empty; it shows binaural no more, and stays out of the hub's lists.
      try await opened.click(named: "Show on lock screen")
      try await eventually("the switch to be off") { try await switchState(opened) == "false" }
      try await bus.waitUntil(playerctl: ["--player=\(chromium)", "status"], prints: "Stopped")
      try await eventually("Chromium's player to show no title") {
        (try await bus.playerctl("--player=\(chromium)", "metadata", "xesam:title")).trimmed.isEmpty
      }
      #expect(
        try await opened.evaluate(
          "return document.getElementById('lock-screen-audio').paused;", as: Bool.self))
      #expect(try await stage.nowPlaying() == "binaural")
      #expect(
        !(try await hubList(bus, Self.hub, "io.github.swift_remote_control.Hub1", "Players")).contains(
          "chromium"))
      // A last change, so that the monitor has seen everything up to here.
      try await bus.playerctl("--player=binaural", "pause")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
      try await bus.playerctl("--player=binaural", "play")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      for monitor in monitors {
        let announced = monitor.standardOutput
        #expect(!announced.contains("chromium"), "the hub announced the echo:\n\(announced.suffix(3000))")
      }

      // The same browser playing media of its own is a player again, echo no longer: with
      // binaural paused, it is the one that plays, so it becomes Now Playing.
      try await bus.playerctl("--player=binaural", "pause")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
      try await opened.run(
        """
        const audio = document.createElement('audio');
        audio.src = '/silence.mp3';
        audio.loop = true;
        audio.id = 'own-media';
        document.body.append(audio);
        const button = document.createElement('button');
        button.textContent = 'Play my own video';
        button.style = 'position: fixed; top: 0; left: 0; z-index: 99';
        button.onclick = () => {
          navigator.mediaSession.metadata = new MediaMetadata({ title: 'A video of its own', artist: 'Another tab' });
          audio.play();
        };
        document.body.append(button);
        """)
      try await opened.click(named: "Play my own video")
      try await bus.waitUntil(
        playerctl: ["--player=\(chromium)", "metadata", "xesam:title"], prints: "A video of its own")
      try await eventually("the hub to list Chromium's own media as a player") {
        try await hubList(bus, Self.hub, "io.github.swift_remote_control.Hub1", "Players").contains(
          "org.mpris.MediaPlayer2.\(chromium)")
      }
      // It is the one that plays: Now Playing, as any player would be.
      try await eventually("Chromium's own media to be Now Playing") {
        try await stage.nowPlaying() == chromium
      }
    }
  }

  @Test
  func
    `with the hub answering for playerctld, playerctl and PlayerNames list binaural alone while Chromium echoes it`()
    async throws
  {
    try await WebRemoteStage.run { stage in
      let bus = stage.bus
      let opened = try await stage.openBrowser(onTheBus: true)
      let page = RemotePage(browser: opened)
      try await opened.open(try await stage.pairingURL().absoluteString)
      let title = try await stage.metadata("xesam:title", of: "binaural")
      try await page.waitForText("title", title)
      try await opened.click(named: "Show on lock screen")
      // Chromium's player, read with gdbus: playerctl asks the hub's playerctld for its players.
      let chromium = try await eventually("Chromium's own MPRIS player to show binaural's title") {
        () async throws -> String? in
        guard let player = try await chromiumPlayer(bus) else { return nil }
        let metadata = try await bus.gdbus(
          "call", "--dest", "org.mpris.MediaPlayer2.\(player)", "--object-path", "/org/mpris/MediaPlayer2",
          "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Metadata")
        return metadata.output.contains(title) ? player : nil
      }
      #expect(try await bus.playerctl("--list-all").output == "binaural\n")
      #expect(
        !(try await hubList(bus, Self.playerctld, "com.github.altdesktop.playerctld", "PlayerNames"))
          .contains(
            chromium))
      #expect(
        !(try await hubList(bus, Self.hub, "io.github.swift_remote_control.Hub1", "Players")).contains(
          chromium))
      // Remembered on this device: the page opened again shows the switch on, and hands binaural
      // over again (playing the silence, or asking for a tap where the browser wants one).
      let origin = try await opened.evaluate("return location.origin;", as: String.self)
      try await opened.open(origin + "/")
      try await page.waitForText("title", title)
      try await eventually("the switch to be on after a reload") { try await switchState(opened) == "true" }
      // A press to every player through the hub reaches binaural once.
      try await bus.playerctl("--all-players", "play-pause")
      try await bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
      #expect(try await stage.nowPlaying() == "binaural")
    }
  }

  @Test func `the session's metadata, position state and actions are the player's, in the hub's commands`()
    async throws
  {
    try await WebRemoteStage.run { stage in
      let opened = try await stage.openBrowser()
      let origin = try WebRemoteStage.origin(of: try await stage.pairingURL())
      try await opened.open(origin + "/")
      let result = try await opened.evaluate(
        """
        return import(arguments[0]).then(({ LockScreen, sessionMetadata, positionState }) => {
          const player = {
            id: "binaural", identity: "Binaural", playbackStatus: "Paused", artwork: "/api/players/binaural/artwork?v=1",
            metadata: { title: "", artist: "A, B", album: "Beats", length: 600 },
            position: { position: 42, rate: 0, at: 10 },
            commands: { play: true, pause: true, nextTrack: true, seek: true, skipForward: true },
          };
          const sent = [];
          const lock = new LockScreen({
            audio: document.createElement("audio"), mediaSession: navigator.mediaSession, storage: null,
            base: location.href, now: () => 20, announce: () => true,
            send: (id, command, args) => { sent.push([id, command, args ?? null]); return Promise.resolve(); },
          });
          lock.on = true;
          lock.player = player;
          lock.act("seekto", { seekTime: 75.5 });
          lock.act("seekforward", {});
          lock.act("seekforward", { seekOffset: 30 });
          lock.act("nexttrack");
          lock.act("pause");
          return JSON.stringify({
            metadata: sessionMetadata(player, location.href),
            paused: positionState(player, 20),
            playing: positionState({ ...player, position: { position: 42, rate: 1, at: 10 } }, 20),
            live: positionState({ ...player, metadata: {} }, 10),
            offers: ["play", "stop", "previoustrack", "nexttrack", "seekto"].map((a) => lock.offers(a, player.commands)),
            sent,
          });
        });
        """, [origin + "/js/lock-screen.js"], as: String.self)
      let art = "\(origin)/api/players/binaural/artwork?v=1"
      #expect(
        result
          == #"{"metadata":{"title":"Binaural","artist":"A, B","album":"Beats","artwork":[{"src":"\#(art)","sizes":"96x96 128x128 192x192 256x256 384x384 512x512"}]},"#
          + #""paused":{"duration":600,"playbackRate":1,"position":42},"#
          + #""playing":{"duration":600,"playbackRate":1,"position":52},"#
          + #""live":{"duration":null,"playbackRate":1,"position":42},"#
          + #""offers":[true,false,false,true,true],"#
          + #""sent":[["binaural","seek",{"position":75.5}],["binaural","skipForward",{}],["binaural","skipForward",{"interval":30}],["binaural","nextTrack",null],["binaural","pause",null]]}"#
      )
    }
  }

  /// Scrolls the page until the switch is in view (on a phone it is below the transport).
  private func scrollToSwitch(_ browser: Browser) async throws {
    try await browser.run("document.querySelector('.lock-screen').scrollIntoView({ block: 'end' });")
  }

  /// The switch's `aria-checked`.
  private func switchState(_ browser: Browser) async throws -> String {
    try await browser.evaluate(
      "return document.getElementById('lock-screen').getAttribute('aria-checked');", as: String.self)
  }

  /// Chromium's MPRIS player as playerctl names it (`chromium.instance4242`), if it is on the bus.
  private func chromiumPlayer(_ bus: PrivateBus) async throws -> String? {
    let names = try await bus.gdbus(
      "call", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
      "org.freedesktop.DBus.ListNames")
    let prefix = "org.mpris.MediaPlayer2."
    return names.output.split(separator: "'").map(String.init).first { $0.hasPrefix(prefix + "chromium.") }
      .map { String($0.dropFirst(prefix.count)) }
  }

  /// binaural's position in seconds, as playerctl reads it.
  private func binauralPosition(_ bus: PrivateBus) async throws -> Double {
    Double(try await bus.playerctl("--player=binaural", "position").trimmed) ?? -1
  }

  /// The hub's own name, and playerctld's, which it answers for.
  static let hub = "io.github.swift_remote_control.Hub"
  static let playerctld = "org.mpris.MediaPlayer2.playerctld"

  /// A list property (`as`) of one of the hub's names, as gdbus prints it.
  private func hubList(_ bus: PrivateBus, _ name: String, _ interface: String, _ property: String)
    async throws
    -> String
  {
    let result = try await bus.gdbus(
      "call", "--dest", name, "--object-path", "/org/mpris/MediaPlayer2",
      "--method", "org.freedesktop.DBus.Properties.Get", interface, property)
    guard result.succeeded else { throw TestFailure("\(property) could not be read: \(result)") }
    return result.output
  }
}
