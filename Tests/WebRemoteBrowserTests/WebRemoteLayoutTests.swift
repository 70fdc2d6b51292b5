import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The page at a small phone's 360×740, the test phone's 390×844 and a desktop's 1280×800, in
/// light and dark: every control on screen without scrolling, nothing wider than the screen,
/// the colours following `prefers-color-scheme`. Screenshots of each go to
/// `.build-browser/screenshots/web-remote/` for people to look at.
@Suite(.serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun))
struct WebRemoteLayoutTests {
  /// The sizes the page must be usable at.
  static let sizes: [(name: String, width: Int, height: Int)] = [
    ("phone-360x740", 360, 740), ("phone-390x844", 390, 844), ("desktop-1280x800", 1280, 800),
  ]

  /// The README's picture of the page on a phone: this test's light screenshot at
  /// ``readmeSize``, written on every run, so that it shows the page as it is.
  static let readmeScreenshot = Browser.packageRoot.appendingPathComponent("docs/web-remote-phone.png")
  static let readmeSize = "phone-390x844"

  /// Puts a copy of `source` at `destination`, in place of what was there.
  static func replace(_ destination: URL, with source: URL) throws {
    let partial = destination.appendingPathExtension("partial")
    try? FileManager.default.removeItem(at: partial)
    try FileManager.default.copyItem(at: source, to: partial)
    guard rename(partial.path, destination.path) == 0 else {
      throw TestFailure("cannot write \(destination.path): \(String(cString: strerror(errno)))")
    }
  }

  @Test func everyControlIsOnScreenAtPhoneAndDesktopSizesInLightAndDark() async throws {
    try await WebRemoteStage.run { stage in
      let browser = try await stage.openBrowser()
      let page = RemotePage(browser: browser)
      try await browser.open(try await stage.pairingURL().absoluteString)
      try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
      try await page.waitUntilEnabled("Play")
      try await browser.click(named: "Play")
      try await page.waitForControl(named: "Pause")
      print("web remote screenshots: \(Browser.screenshots.appendingPathComponent("web-remote").path)")

      var textColours: [String: String] = [:]
      for scheme in ["light", "dark"] {
        try await browser.setColorScheme(scheme)
        for size in Self.sizes {
          try await browser.setViewport(width: size.width, height: size.height)
          let offScreen = try await browser.evaluate(
            """
            const ids = ['players-button', 'artwork-frame', 'title', 'like', 'seek', 'skip-backward',
              'previous', 'play-pause', 'next', 'skip-forward', 'volume', 'shuffle', 'loop'];
            return ids.filter((id) => {
              const r = document.getElementById(id).getBoundingClientRect();
              return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
            }).concat(document.documentElement.scrollWidth > innerWidth ? ['(wider than the screen)'] : []);
            """, as: [String].self)
          #expect(offScreen.isEmpty, "\(scheme) \(size.name): off screen: \(offScreen)")
          let shot = try await browser.screenshot("\(size.name)-\(scheme)", in: "web-remote")
          if scheme == "light", size.name == Self.readmeSize {
            try Self.replace(Self.readmeScreenshot, with: URL(fileURLWithPath: shot))
          }
        }
        textColours[scheme] = try await browser.evaluate(
          "return getComputedStyle(document.body).color;", as: String.self)
        try await browser.setViewport(width: 390, height: 844)
        try await browser.click(named: "Players")
        try await browser.screenshot("players-\(scheme)", in: "web-remote")
        try await browser.run("document.getElementById('players-dialog').close();")
      }
      // The text colour follows the scheme: dark text on light, light text on dark.
      #expect(textColours["light"] == "rgb(21, 22, 26)")
      #expect(textColours["dark"] == "rgb(243, 244, 247)")
    }
  }
}
