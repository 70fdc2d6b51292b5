import BrowserTestSupport
import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The web remote's volume slider on a player without an MPRIS `Volume`, in a real browser
/// against a real remotectld watching a real `pulseaudio`: the slider drives the player's own
/// stream through the hub, says so, and leaves another player's stream alone.
@Suite(
  .serialized, .leavesNoChildProcesses,
  .enabled(if: WebRemoteStage.canRun && PulseAudioServer.requirement), .timeLimit(.minutes(3)))
struct WebRemoteStreamVolumeTests {
  @Test func theSliderOfAPlayerWithoutVolumeSetsItsOwnStreamAndSaysSo() async throws {
    try await SoundServerUnderTest.with(.pulseAudio) { server in
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=out")
      try await server.setDefaultSink("out")
      try await WebRemoteStage.run(
        hubArguments: ["--http-port", "0"], hubLauncher: ["/usr/bin/env", "PULSE_SERVER=\(server.address)"]
      ) { stage in
        // "music" has an MPRIS Volume; "browser" has none. Each plays in a child pacat.
        for (name, flags) in [("browser", ["--no-volume"]), ("music", [String]())] {
          _ = try stage.bus.start(
            "/usr/bin/env",
            ["PULSE_SERVER=\(server.address)", "/usr/bin/python3", "-c", AudioChildPlayer.script, name, ""]
              + flags,
            standardError: .file(stage.bus.directory.appendingPathComponent("\(name).log").path))
          try await stage.bus.waitForName("org.mpris.MediaPlayer2.\(name)")
          try await stage.bus.playerctl("--player=\(name)", "play")
          try await stage.bus.waitUntil(playerctl: ["--player=\(name)", "status"], prints: "Playing")
        }
        func percents(of name: String) async throws -> [String] {
          try await server.sinkInputVolumes().filter { $0.applicationName == name }
            .flatMap { $0.percents.values.sorted() }
        }
        try await eventually("both streams") {
          let music = try await percents(of: "music")
          let browser = try await percents(of: "browser")
          return music.count == 2 && browser.count == 2
        }

        let opened = try await stage.openBrowser()
        let page = RemotePage(browser: opened)
        try await opened.open(try await stage.pairingURL().absoluteString)
        // The browser started playing first and still plays: it is Now Playing, the player the
        // page shows.
        try await page.waitForText("player-name", "browser")
        try await page.waitUntilEnabled("Volume")
        try await page.waitForText("volume-control", "Sound server")

        try await opened.run(
          """
          const volume = document.getElementById('volume');
          volume.value = '0.3';
          volume.dispatchEvent(new Event('input', {bubbles: true}));
          volume.dispatchEvent(new Event('change', {bubbles: true}));
          """)
        try await eventually("the browser's stream at 30 %") {
          try await percents(of: "browser") == ["30%", "30%"]
        }
        #expect(try await percents(of: "music") == ["100%", "100%"])
        // The level set comes back to the page.
        try await eventually("the slider to say 30 %") {
          try await opened.evaluate(
            "return document.getElementById('volume').getAttribute('aria-valuetext');", as: String.self)
            == "30 %"
        }
      }
    }
  }
}
