import BusTestSupport
import Foundation
import Testing

/// Pictures given as `data:` or `http:` URLs are fetched by the hub, cached, and published as
/// `file://` URLs holding the same bytes.
@Suite("Bridge: artwork", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct ArtworkTests {
  /// A small PNG (1×1, red).
  static let png =
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
    ?? Data()

  func artURL(_ hub: BridgedHub, _ player: String) async throws -> URL {
    let text = try await eventually("an artUrl") { () async throws -> String? in
      let url = try await hub.bus.playerctl("--player=\(player)", "metadata", "mpris:artUrl").trimmed
      return url.isEmpty ? nil : url
    }
    return try #require(URL(string: text))
  }

  @Test func `a data: picture is published as a file URL with the same bytes`() async throws {
    let hub = try await BridgedHub.start()
    let client = try await hub.client()
    try await client.register(appID: "inline")
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await client.apply([
      "type": "metadata", "player": "main",
      "metadata": [
        "title": "Inline",
        "artwork": [
          [
            "src": "data:image/png;base64,\(Self.png.base64EncodedString())", "sizes": "1x1",
            "type": "image/png",
          ]
        ],
      ],
    ])
    let url = try await artURL(hub, "inline")
    #expect(url.isFileURL, "\(url)")
    #expect(FileManager.default.contents(atPath: url.path) == Self.png)
    await client.close()
  }

  @Test func `an http picture is fetched by the hub and published as a file URL; a missing one is reported`()
    async throws
  {
    let hub = try await BridgedHub.start()
    let site = hub.bus.directory.appendingPathComponent("site", isDirectory: true)
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try Self.png.write(to: site.appendingPathComponent("cover.png"))
    let server = try hub.bus.start(
      PrivateBus.python3, ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.path])
    let banner = try await server.line { $0.hasPrefix("Serving HTTP") }
    let port = try #require(banner.firstMatch(of: /port (\d+)/).map { String($0.output.1) })
    let client = try await hub.client()
    try await client.register(appID: "remote")
    try await client.apply(["type": "actions", "player": "main", "actions": ["play", "pause"]])
    try await client.apply([
      "type": "metadata", "player": "main",
      "metadata": ["title": "Remote", "artwork": [["src": "http://127.0.0.1:\(port)/cover.png"]]],
    ])
    #expect(try await hub.bus.playerctl("--player=remote", "metadata", "title").trimmed == "Remote")
    let url = try await artURL(hub, "remote")
    #expect(url.isFileURL, "\(url)")
    #expect(FileManager.default.contents(atPath: url.path) == Self.png)
    try await client.apply([
      "type": "metadata", "player": "main",
      "metadata": ["title": "Missing", "artwork": [["src": "http://127.0.0.1:\(port)/missing.png"]]],
    ])
    let error = try await client.next { $0.type == "error" }
    #expect(error["code"] == "artwork-unavailable", "\(error)")
    #expect((error["message"] ?? "").contains("404"), "\(error)")
    #expect(try await hub.bus.playerctl("--player=remote", "metadata", "title").trimmed == "Missing")
    // A picture over the size limit (2 MiB) is not taken.
    try Data(count: 3 << 20).write(to: site.appendingPathComponent("huge.png"))
    try await client.apply([
      "type": "metadata", "player": "main",
      "metadata": ["title": "Huge", "artwork": [["src": "http://127.0.0.1:\(port)/huge.png"]]],
    ])
    let tooLarge = try await client.next { $0.type == "error" }
    #expect(tooLarge["code"] == "artwork-unavailable", "\(tooLarge)")
    #expect((tooLarge["message"] ?? "").contains("over the limit"), "\(tooLarge)")
    #expect(try await hub.bus.playerctl("--player=remote", "metadata", "mpris:artUrl").trimmed.isEmpty)
    await client.close()
  }
}
