import BrowserTestSupport
import BusTestSupport

/// Headless Chromium as these tests need it: audio plays without a gesture, and its session bus
/// is the test's private bus (so Chromium's own MPRIS player is there to compare) or, by
/// default, none at all (so the only player is the bridge's).
struct TestBrowser: Sendable {
  /// The browser.
  let browser: Browser

  /// Starts Chromium with `bus` as its session bus, or with no reachable session bus, and with
  /// Chromium's `arguments` added.
  static func start(bus: PrivateBus?, arguments: [String] = []) async throws -> TestBrowser {
    let address = bus?.address ?? "unix:path=/nonexistent/no-session-bus"
    let browser = try await Browser(
      width: 800, height: 600, arguments: ["--autoplay-policy=no-user-gesture-required"] + arguments,
      environment: ["DBUS_SESSION_BUS_ADDRESS": address])
    return TestBrowser(browser: browser)
  }

  /// Opens `url` and returns the page.
  func open(_ url: String) async throws -> DemoPage {
    try await browser.open(url)
    return DemoPage(browser: browser)
  }

  /// Quits Chromium.
  func close() async {
    await browser.close()
  }
}
