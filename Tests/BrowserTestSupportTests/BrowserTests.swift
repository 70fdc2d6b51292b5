import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The browser support itself: a real Chromium opens a page, finds a control by its accessible
/// name, presses it, reads the page and takes a screenshot.
@Suite("Browser", .timeLimit(.minutes(3)))
struct BrowserTests {
  /// A page with one labelled button that counts its presses, and a disabled one.
  static let page = """
    data:text/html,<!doctype html><meta name=viewport content="width=device-width">\
    <button aria-label="Play" onclick="document.body.dataset.presses = \
    (Number(document.body.dataset.presses ?? 0) + 1)">▶</button>\
    <button aria-label="Next track" disabled>⏭</button>
    """

  @Test func aControlIsFoundByItsAccessibleNameAndPressed() async throws {
    let browser = try await Browser()
    do {
      try await browser.open(Self.page)
      let play = try #require(try await browser.elements(named: "Play").first)
      #expect(play.role == "button" && play.enabled && !play.disabled)
      try await browser.click(named: "Play")
      try await browser.click(named: "Play")
      let presses = try await browser.evaluate("return document.body.dataset.presses", as: String.self)
      #expect(presses == "2")
      let next = try #require(try await browser.elements(named: "Next track").first)
      #expect(next.disabled && !next.enabled)
      #expect(try await browser.elements(named: "Volume").isEmpty)
    } catch {
      await browser.close()
      throw error
    }
    await browser.close()
  }

  @Test func theViewportIsThePhoneSizeAskedForAndScreenshotsAreWritten() async throws {
    let browser = try await Browser(width: 390, height: 844)
    do {
      try await browser.open(Self.page)
      let size = try await browser.evaluate("return [innerWidth, innerHeight]", as: [Int].self)
      #expect(size == [390, 844])
      try await browser.setColorScheme("dark")
      #expect(
        try await browser.evaluate("return matchMedia('(prefers-color-scheme: dark)').matches", as: Bool.self)
      )
      let path = try await browser.screenshot("support", in: "BrowserTests")
      let png = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    } catch {
      await browser.close()
      throw error
    }
    await browser.close()
  }

  @Test func aRefusedCommandSaysWhy() async throws {
    let browser = try await Browser()
    do {
      try await browser.open(Self.page)
      await #expect(throws: TestFailure.self) { try await browser.click(named: "Eject") }
      // The browser still answers after a refusal.
      #expect(try await browser.evaluate("return 1 + 1", as: Int.self) == 2)
    } catch {
      await browser.close()
      throw error
    }
    await browser.close()
  }
}
