import BusTestSupport
package import Foundation
import Testing

/// A headless Chromium driven through selenium (Python, in the virtual environment `make test`
/// makes under `.build-browser/venv`), for tests that use a page as a person would: open it,
/// find controls by their accessible names, press them, read what the page shows, take
/// screenshots.
///
/// Commands go one at a time, as JSON lines, to `selenium_driver.py` beside this file; each
/// waits for its answer. Chromium runs with `--headless=new` and no sandbox (tests run as root
/// here), with the viewport set to the size asked for, as a phone's when narrower than 600 px,
/// in a temporary folder of its own (`browser-test-…`: its profile, and its `TMPDIR` for the
/// files Chromium and chromedriver make there), removed when the browser closes or fails to
/// start. At most two run at once in a test run (a browser waits for a slot as it starts);
/// ``close()`` gives the slot back.
package actor Browser {
  /// The folder with the support's files and the package's root.
  private static let supportFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  /// The package's root folder.
  package static let packageRoot = supportFolder.deletingLastPathComponent().deletingLastPathComponent()
  /// The Python of the virtual environment with selenium.
  package static let python = packageRoot.appendingPathComponent(".build-browser/venv/bin/python").path
  /// Where tests put screenshots for people to look at (not in git).
  package static let screenshots = packageRoot.appendingPathComponent(".build-browser/screenshots")

  private let driver: ChildProcess
  /// The browser's temporary folder: its profile (`profile`) and its `TMPDIR`.
  private let folder: URL
  /// This browser's place among the few that run at once, given back when it closes.
  private let slot: BrowserSlots.Ticket
  private var busy = false

  /// Starts Chromium with a viewport of `width`×`height` CSS pixels at `scale` device pixels per
  /// CSS pixel, with Chromium's `arguments` added, in an environment with `environment` added
  /// (a `DBUS_SESSION_BUS_ADDRESS`, say), run by `launcher` when given (`ip netns exec NAME`:
  /// in a network namespace).
  ///
  /// - Throws: ``TestFailure`` when the virtual environment is missing (run `make test`, which
  ///   makes it) or Chromium does not start within a minute.
  package init(
    width: Int = 390, height: Int = 844, scale: Double = 1, arguments: [String] = [],
    environment: [String: String] = [:], launcher: [String] = []
  ) async throws {
    guard FileManager.default.isExecutableFile(atPath: Self.python) else {
      throw TestFailure("no selenium environment at \(Self.python): run `make browser-deps` (make test does)")
    }
    let script = Self.supportFolder.appendingPathComponent("selenium_driver.py").path
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("browser-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    let profile = folder.appendingPathComponent("profile")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    self.folder = folder
    let slot = await BrowserSlots.shared.take()
    self.slot = slot
    let size = ["\(width)", "\(height)", "\(scale)"]
    let command = launcher + [Self.python, script] + size + ["--user-data-dir=\(profile.path)"] + arguments
    do {
      driver = try ChildProcess(
        command[0], Array(command.dropFirst()),
        environment: environment.merging(
          ["SE_OFFLINE": "true", "PYTHONUNBUFFERED": "1", "TMPDIR": folder.path]) { $1 },
        standardInput: .pipe)
    } catch {
      slot.give()
      Self.remove(folder)
      throw error
    }
    guard let first = await driver.nextLine(within: .seconds(60)), first.contains("ready") else {
      _ = await driver.terminate()
      slot.give()
      Self.remove(folder)
      throw TestFailure("Chromium did not start: \(driver.standardError.suffix(2000))")
    }
  }

  // MARK: - Pages

  /// Opens `url` and waits for its load event.
  package func open(_ url: String) async throws {
    _ = try await perform(["op": "open", "url": url], as: String.self)
  }

  /// Runs `source` as the body of a function in the page (`return` gives the value) with
  /// `arguments`, and decodes what it returns.
  package func evaluate<Value: Decodable>(
    _ source: String, _ arguments: [String] = [], as type: Value.Type = Value.self
  ) async throws -> Value {
    try await perform(["op": "script", "source": source, "args": arguments], as: type)
  }

  /// Runs `source` in the page without a result (`return` is ignored).
  package func run(_ source: String, _ arguments: [String] = []) async throws {
    try await perform(["op": "script", "source": source, "args": arguments])
  }

  // MARK: - Controls, by accessible name

  /// The elements whose computed accessible name is `name`, as the browser's accessibility
  /// tree has it.
  package func elements(named name: String) async throws -> [Element] {
    try await perform(["op": "named", "name": name], as: [Element].self)
  }

  /// Clicks the first visible element whose accessible name is `name`.
  @discardableResult
  package func click(named name: String) async throws -> Element {
    try await perform(["op": "clickNamed", "name": name], as: Element.self)
  }

  /// Clicks the element `selector` (CSS) finds first.
  @discardableResult
  package func click(_ selector: String) async throws -> Element {
    try await perform(["op": "click", "css": selector], as: Element.self)
  }

  // MARK: - Look

  /// Writes a PNG of the viewport to `screenshots/folder/name.png` and returns its path.
  @discardableResult
  package func screenshot(_ name: String, in folder: String) async throws -> String {
    let directory = Self.screenshots.appendingPathComponent(folder)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("\(name).png").path
    return try await perform(["op": "screenshot", "path": path], as: String.self)
  }

  /// Sets the viewport to `width`×`height` CSS pixels at `scale`.
  package func setViewport(width: Int, height: Int, scale: Double = 1) async throws {
    try await perform(["op": "viewport", "width": width, "height": height, "scale": scale])
  }

  /// Makes the page see `prefers-color-scheme: scheme` (`light` or `dark`).
  package func setColorScheme(_ scheme: String) async throws {
    try await perform(["op": "colorScheme", "scheme": scheme])
  }

  /// The page's console messages since the last call, for failure messages.
  package func consoleMessages() async throws -> [String] {
    try await perform(["op": "logs"], as: [String].self)
  }

  /// Quits Chromium and the driver, and removes the browser's temporary folder.
  package func close() async {
    try? driver.write(#"{"op": "quit"}"# + "\n")
    driver.closeInput()
    if (try? await driver.waitForExit(within: .seconds(20))) == nil { driver.kill() }
    slot.give()
    Self.remove(folder)
  }

  /// Removes `folder`, the browser's temporary folder, once nothing writes into it any more; a
  /// folder already gone is no error.
  private static func remove(_ folder: URL) {
    do {
      try FileManager.default.removeItem(at: folder)
    } catch CocoaError.fileNoSuchFile {
    } catch {
      Issue.record("could not remove the browser's temporary folder \(folder.path): \(error)")
    }
  }

  // MARK: - Talking to the driver

  /// One element as the driver describes it.
  package struct Element: Decodable, Sendable {
    /// Its tag name, such as `button`.
    package var tag: String
    /// Its computed accessible name.
    package var name: String
    /// Its computed role, such as `button` or `slider`.
    package var role: String
    /// Whether WebDriver counts it enabled.
    package var enabled: Bool
    /// Whether it is displayed.
    package var displayed: Bool
    /// Its rendered text.
    package var text: String
    /// Its `aria-pressed`, if any.
    package var pressed: String?
    /// Whether it has `disabled` or `aria-disabled="true"`.
    package var disabled: Bool
  }

  /// A result nobody reads (any JSON, `null` included).
  private struct Ignored: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  private struct Reply<Value: Decodable>: Decodable {
    var ok: Bool
    var value: Value?
    var error: String?
  }

  /// Sends `command` and decodes the answer's value as `type`.
  ///
  /// - Throws: ``TestFailure`` when the driver refuses the command, does not answer within a
  ///   minute, or answers with no value.
  private func perform<Value: Decodable>(_ command: [String: any Sendable], as type: Value.Type) async throws
    -> Value
  {
    let (line, reply) = try await send(command, as: type)
    guard let value = reply.value else {
      throw TestFailure("the browser answered \(command["op"] ?? "") with no value: \(line)")
    }
    return value
  }

  /// Sends `command` and waits for nothing but its success.
  private func perform(_ command: [String: any Sendable]) async throws {
    _ = try await send(command, as: Ignored.self)
  }

  /// Sends `command`, one at a time, and decodes the answer.
  private func send<Value: Decodable>(
    _ command: [String: any Sendable], as type: Value.Type
  ) async throws -> (String, Reply<Value>) {
    guard !busy else { throw TestFailure("a browser takes one command at a time") }
    busy = true
    defer { busy = false }
    let op = command["op"].map { "\($0)" } ?? "?"
    let data = try JSONSerialization.data(withJSONObject: command)
    try driver.write(String(decoding: data, as: UTF8.self) + "\n")
    guard let line = await driver.nextLine(within: .seconds(60)) else {
      throw TestFailure("the browser did not answer \(op): \(driver.standardError.suffix(2000))")
    }
    let reply = try JSONDecoder().decode(Reply<Value>.self, from: Data(line.utf8))
    guard reply.ok else { throw TestFailure("the browser refused \(op): \(reply.error ?? line)") }
    return (line, reply)
  }
}
