import BrowserTestSupport
import BusTestSupport
import Foundation
import Synchronization

/// The demo pages as a test reads them: the actions their handlers received
/// (`window.actions`), the remote events the Cordova app heard (`window.remoteEvents`), and
/// the text of their elements.
final class DemoPage: Sendable {
  private let browser: Browser
  /// How many of `window.actions` ``waitForAction(_:)`` has already returned or passed.
  private let consumed = Mutex(0)

  init(browser: Browser) {
    self.browser = browser
  }

  /// Runs `source` as a function body in the page and returns the string it returns.
  func evaluate(_ source: String) async throws -> String {
    try await browser.evaluate(source, as: String.self)
  }

  /// Loads `url` in place of the page (its WebSocket closes as when a tab closes).
  func navigate(to url: String) async throws {
    try await browser.open(url)
  }

  /// The text of the element with id `id`.
  func text(of id: String) async throws -> String {
    try await browser.evaluate(
      "return document.getElementById(arguments[0]).textContent", [id], as: String.self)
  }

  /// Every call of the page's action handlers so far.
  func actions() async throws -> [RecordedAction] {
    let json = try await browser.evaluate("return JSON.stringify(window.actions ?? [])", as: String.self)
    return try JSONDecoder().decode([RecordedAction].self, from: Data(json.utf8))
  }

  /// Waits for the next call of the handler of `action` after those returned before, and
  /// returns it.
  @discardableResult
  func waitForAction(_ action: String, within timeout: Duration = .seconds(10)) async throws -> RecordedAction
  {
    let start = consumed.withLock { $0 }
    let (index, found) = try await eventually("the page's \(action) handler to run", within: timeout) {
      () async throws -> (Int, RecordedAction)? in
      let all = try await actions()
      guard all.count > start else { return nil }
      return all[start...].enumerated().first { $0.element.action == action }.map {
        (start + $0.offset, $0.element)
      }
    }
    consumed.withLock { $0 = index + 1 }
    return found
  }

  /// Waits until the subtypes of the `remote-event`s the page heard are `expected`.
  func waitForRemoteEvents(_ expected: [String], within timeout: Duration = .seconds(10)) async throws {
    var last: [String] = []
    do {
      try await eventually("the page to hear \(expected)", within: timeout) {
        last = try await browser.evaluate(
          "return (window.remoteEvents ?? []).map(e => e.subtype)", as: [String].self)
        return last == expected
      }
    } catch {
      throw TestFailure("\(error); heard \(last)")
    }
  }
}
