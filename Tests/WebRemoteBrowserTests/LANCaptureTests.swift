import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The web remote on a LAN, with a listener on the wire: the hub runs with `--lan` in a network
/// namespace of the test's own, joined by a veth pair with private addresses to a second one
/// (so it sees a real LAN address, nothing leaves the machine, and this namespace's interfaces,
/// which other tests' browsers watch, never change). Chromium in the second namespace pairs
/// through the URL `remotectl pair` prints and plays and pauses binaural, and tcpdump there
/// records every packet to the hub's port. Then everything an attacker could do with that
/// capture is tried (`Support/lan_capture.py`, from the second namespace too), against the hub's
/// address only.
@Suite(
  .serialized, .leavesNoChildProcesses, .enabled(if: WebRemoteStage.canRun && NetworkNamespace.canRun),
  .timeLimit(.minutes(3)))
struct LANCaptureTests {
  private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Support/lan_capture.py").path

  @Test func aCaptureOfAPhoneDrivingThePlayerHoldsNoSecretAndNothingThatReplays() async throws {
    let namespace = try await NetworkNamespace.make()
    do {
      try await WebRemoteStage.run(
        hubArguments: ["--http-port", "0", "--lan"], hubLauncher: namespace.launcher
      ) { stage in
        try await drive(stage, namespace)
      }
    } catch {
      await namespace.remove()
      throw error
    }
    await namespace.remove()
  }

  private func drive(_ stage: WebRemoteStage, _ namespace: NetworkNamespace) async throws {
    let url = try await stage.pairingURL()
    #expect(url.host == namespace.address, "the hub must pair through its LAN address: \(url)")
    let port = try #require(url.port)
    let fragment = URLComponents(string: "?" + (url.fragment ?? ""))?.queryItems ?? []
    let key = try #require(fragment.first { $0.name == "key" }?.value)

    let capture = stage.bus.directory.appendingPathComponent("lan.pcap").path
    let command =
      namespace.clientLauncher + [
        "tcpdump", "-i", namespace.clientInterface, "-n", "-U", "-s", "0", "-B", "8192", "-w", capture,
      ]
    let tcpdump = try ChildProcess(command[0], Array(command.dropFirst()) + ["tcp port \(port)"])
    do {
      try await eventually("tcpdump to listen on \(namespace.clientInterface)") {
        tcpdump.standardError.contains("listening on")
      }
      try await playAndPause(stage, url: url, namespace)
      // tcpdump writes what it reads as it goes, and under load behind the page: stopped before
      // it has written the page's messages, the capture would lack them (a fresh-clone CI with a
      // core kept busy captured 1 of them).
      try await eventually("the page's messages in the capture", within: .seconds(30)) {
        let counted = try await ChildProcess.run("python3", [Self.script, "count", capture, String(port)])
        let answer = try JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Int]
        return (answer?["frames"] ?? 0) >= 2
      }
    } catch {
      await tcpdump.terminate()
      throw error
    }
    await tcpdump.terminate()

    let devices = try await ChildProcess.run(
      BuiltProducts.remotectl, ["devices"], environment: stage.environment)
    let id = try #require(devices.output.split(separator: " ").first.map(String.init), "\(devices)")
    let result = try await namespace.runInClient(
      "python3", [Self.script, "check", capture, namespace.address, String(port), id, key],
      timeout: .seconds(90))
    #expect(result.succeeded, "\(result)")
    let answer = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])

    #expect(answer["secretFound"] as? Bool == false, "the device key crossed the network")
    let requests = try #require(answer["requests"] as? [[String: Any]])
    let lines = requests.compactMap { $0["request"] as? String }
    for expected in [
      "POST /api/pair", "GET /api/session", "GET /api/events?auth=", "GET /api/players/binaural/artwork",
    ] {
      #expect(lines.contains { $0.hasPrefix(expected) }, "no \(expected) in the capture: \(lines)")
    }
    for request in requests {
      let status = request["status"] as? Int ?? 0
      let line = request["request"] as? String ?? ""
      // A refused upgrade is answered by Hummingbird's own empty 400, never 101.
      let refusals = line.hasPrefix("GET /api/events") ? [400] : [401, 403]
      #expect(refusals.contains(status), "replayed \(line) answered \(status)")
    }
    let frames = try #require(answer["frames"] as? [[String: Any]])
    #expect(frames.count >= 2, "the page's messages are not in the capture: \(frames)")
    for frame in frames {
      #expect(frame["type"] as? String == "error" && frame["code"] as? String == "unauthorized", "\(frame)")
    }
    let controls = try #require(answer["controls"] as? [String: Any])
    #expect(controls["signed"] as? Int == 200)
    #expect(controls["firstMessage"] as? String == "snapshot")
    #expect(controls["signedResync"] as? String == "snapshot")
    for refused in ["forged", "stale", "ahead", "bearer"] {
      #expect(controls[refused] as? Int == 401, "\(refused): \(controls[refused] ?? "")")
    }
    // The replays changed nothing: the page left binaural paused.
    #expect(try await stage.status(of: "binaural") == "Paused")

    // A proxy's origin passes only once it is configured.
    #expect(try await originStatus("https://remote.test", port: port, id: id, key: key, namespace) == 403)
    let folder = stage.bus.directory.appendingPathComponent("config/remotectld")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "public-origin = https://remote.test\n".write(
      to: folder.appendingPathComponent("remotectld.conf"), atomically: true, encoding: .utf8)
    await stage.stopHub()
    try await stage.startHub(["--http-port", String(port), "--lan"], launcher: namespace.launcher)
    try await eventually("the restarted hub to serve its LAN address") {
      let urls = try await stage.bus.gdbus(
        "call", "--dest", PrivateBus.hubBusName, "--object-path", "/org/mpris/MediaPlayer2", "--method",
        "org.freedesktop.DBus.Properties.Get", "io.github.swift_remote_control.WebRemote1", "URLs")
      return urls.output.contains("http://\(namespace.address):\(port)/")
        && urls.output.contains("https://remote.test/")
    }
    #expect(try await originStatus("https://remote.test", port: port, id: id, key: key, namespace) == 200)
    #expect(try await originStatus("https://other.test", port: port, id: id, key: key, namespace) == 403)
  }

  /// Opens the pairing URL in Chromium, presses Play and then Pause, and loads the page again
  /// (a paired page without a link: its stored key).
  private func playAndPause(_ stage: WebRemoteStage, url: URL, _ namespace: NetworkNamespace) async throws {
    let browser = try await stage.openBrowser(launcher: namespace.clientLauncher)
    let page = RemotePage(browser: browser)
    try await browser.open(url.absoluteString)
    try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
    try await page.waitUntilEnabled("Play")
    try await browser.click(named: "Play")
    try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Playing")
    try await page.waitUntilEnabled("Pause")
    try await browser.click(named: "Pause")
    try await stage.bus.waitUntil(playerctl: ["--player=binaural", "status"], prints: "Paused")
    try await eventually("the artwork to be shown") {
      try await browser.evaluate(
        "const img = document.getElementById('artwork'); return img.complete && img.naturalWidth > 0;",
        as: Bool.self)
    }
    try await browser.open(try WebRemoteStage.origin(of: url) + "/")
    try await page.waitForText("title", try await stage.metadata("xesam:title", of: "binaural"))
    try await page.waitUntilEnabled("Play")
  }

  private func originStatus(
    _ origin: String, port: Int, id: String, key: String, _ namespace: NetworkNamespace
  )
    async throws -> Int
  {
    let result = try await namespace.runInClient(
      "python3", [Self.script, "origin", namespace.address, String(port), id, key, origin])
    let answer = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Int]
    return try #require(answer?["status"], "\(result)")
  }
}
