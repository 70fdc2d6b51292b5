import BrowserTestSupport
import BusTestSupport
import Foundation

/// The web remote's page in a headless Chromium: what a person sees on it, read by element id
/// or accessible name, each awaited by a bounded poll of the very thing compared.
struct RemotePage: Sendable {
  /// The browser showing the page.
  let browser: Browser

  /// The text of the element `id`, as shown (trimmed).
  func text(_ id: String) async throws -> String {
    try await browser.evaluate(
      "const e = document.getElementById(arguments[0]); return e ? e.textContent.trim() : '';", [id],
      as: String.self)
  }

  /// Waits until the element `id` shows `expected`.
  func waitForText(_ id: String, _ expected: String, within timeout: Duration = .seconds(15)) async throws {
    var last = ""
    do {
      try await eventually("#\(id) to show \(expected)", within: timeout) {
        last = try await text(id)
        return last == expected
      }
    } catch {
      throw TestFailure("\(error); it shows \"\(last)\"; console: \(try await browser.consoleMessages())")
    }
  }

  /// Waits until a visible control named `name` exists, and returns it.
  @discardableResult
  func waitForControl(named name: String, within timeout: Duration = .seconds(15)) async throws
    -> Browser.Element
  {
    try await eventually("a control named \(name)", within: timeout) { () async throws -> Browser.Element? in
      try await browser.elements(named: name).first { $0.displayed }
    }
  }

  /// Waits until the control named `name` is enabled (the player offers its command).
  func waitUntilEnabled(_ name: String, within timeout: Duration = .seconds(15)) async throws {
    try await eventually("\(name) to be enabled", within: timeout) {
      try await browser.elements(named: name).contains { $0.displayed && !$0.disabled }
    }
  }

  /// The seek bar's value: the position shown, in seconds.
  func shownPosition() async throws -> Double {
    try await browser.evaluate("return Number(document.getElementById('seek').value);", as: Double.self)
  }

  /// Whether the offline banner is shown.
  func showsOfflineBanner() async throws -> Bool {
    try await browser.evaluate("return !document.getElementById('banner').hidden;", as: Bool.self)
  }

  /// The page's address as the address bar shows it.
  func address() async throws -> String {
    try await browser.evaluate("return location.href;", as: String.self)
  }
}
