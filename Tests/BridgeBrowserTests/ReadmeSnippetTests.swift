import BusTestSupport
import Foundation
import Testing

/// The README's JavaScript bridge snippet (the block marked `<!-- readme-test: bridge-js -->`),
/// run as written in a page of a real headless Chromium, against remotectld's bridge: its player
/// goes from Stopped to Playing and back to Paused, driven by playerctl.
@Suite(
  "The README's bridge snippet in Chromium", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ReadmeSnippetTests {
  /// Runs in the page before the snippet: the `<audio>` element the snippet plays (a second of a
  /// 440 Hz tone, looped, as a WAV blob), and a record of the errors a module script throws.
  static let pageSetUp = """
    const rate = 8000, samples = rate;
    const view = new DataView(new ArrayBuffer(44 + samples * 2));
    const text = (offset, value) => [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
    text(0, "RIFF"); view.setUint32(4, 36 + samples * 2, true); text(8, "WAVEfmt ");
    view.setUint32(16, 16, true); view.setUint16(20, 1, true); view.setUint16(22, 1, true);
    view.setUint32(24, rate, true); view.setUint32(28, rate * 2, true); view.setUint16(32, 2, true);
    view.setUint16(34, 16, true); text(36, "data"); view.setUint32(40, samples * 2, true);
    for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.sin(2 * Math.PI * 440 * i / rate) * 8000, true);
    const audio = document.createElement("audio");
    audio.loop = true;
    audio.src = URL.createObjectURL(new Blob([view.buffer], { type: "audio/wav" }));
    document.body.appendChild(audio);
    window.snippetErrors = [];
    window.addEventListener("error", (event) => window.snippetErrors.push(String(event.message)));
    """

  @Test func `the README's snippet publishes a player that plays from Stopped to Playing, then pauses`()
    async throws
  {
    let snippet = try #require(
      Readme.codeBlock(after: "<!-- readme-test: bridge-js -->", in: try Readme.text()),
      "README.md has `<!-- readme-test: bridge-js -->` on the line before the bridge's JavaScript block")
    let bus = try await PrivateBus.start()
    let hub = try await BridgeHub.start(on: bus)
    let browser = try await TestBrowser.start(bus: nil)
    // Any document of the hub's origin, which the bridge always lets in: the script it serves.
    let page = try await hub.open("remote-control.js", in: browser)
    // The snippet as written, but for the port: this hub listens on a free one, not 7601.
    let module =
      snippet.replacingOccurrences(of: "http://127.0.0.1:7601", with: hub.origin)
      + "\nwindow.snippetConnected = true;\n"
    let encoded = Data(module.utf8).base64EncodedString()
    _ = try await page.evaluate(
      Self.pageSetUp
        + """
        const script = document.createElement("script");
        script.type = "module";
        script.textContent = new TextDecoder().decode(Uint8Array.from(atob("\(encoded)"), (c) => c.charCodeAt(0)));
        document.head.appendChild(script);
        return "ok";
        """)
    do {
      try await eventually("the snippet to connect", within: .seconds(20)) {
        try await page.evaluate("return String(window.snippetConnected === true)") == "true"
      }
    } catch {
      let errors = (try? await page.evaluate("return window.snippetErrors.join('; ')")) ?? "none read"
      throw TestFailure("\(error); the page's errors: \(errors)")
    }
    #expect(try await bus.waitForPlayer("radio") == "Morning show")
    try await bus.waitUntil(playerctl: ["--player=radio", "status"], prints: "Stopped")
    try await bus.playerctl("--player=radio", "play")
    try await bus.waitUntil(playerctl: ["--player=radio", "status"], prints: "Playing")
    #expect(try await page.evaluate("return String(document.querySelector('audio').paused)") == "false")
    try await bus.playerctl("--player=radio", "pause")
    try await bus.waitUntil(playerctl: ["--player=radio", "status"], prints: "Paused")
    #expect(try await page.evaluate("return window.snippetErrors.join('; ')") == "")
    await browser.close()
    await bus.stop()
  }
}
