import Bridge
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Testing

/// The JavaScript clients are served under `/bridge/`, plain files of the resource folder only.
@Suite("Bridge: the clients' files")
struct ResourceRouteTests {
  @Test
  func `a file of the resource folder is served with its type to any origin; hidden files and paths are not`()
    async throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-resources-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "export const connect = () => {};\n".write(
      to: folder.appendingPathComponent("remote-control.js"), atomically: true, encoding: .utf8)
    try "secret".write(to: folder.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
    let hub = BridgeHub(configuration: BridgeConfiguration(token: "t", artworkDirectory: folder))
    let router = Router(context: BasicWebSocketRequestContext.self)
    BridgeRoutes(hub: hub, listener: .loopback, resourceDirectory: folder).add(to: router)
    let app = Application(router: router)
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/bridge/remote-control.js", method: .get, headers: [.origin: "https://music.example"]
      ) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
        // A page of another origin may import the module (whether it may connect is checked
        // when it opens the WebSocket).
        #expect(response.headers[.accessControlAllowOrigin] == "*")
        #expect(String(buffer: response.body) == "export const connect = () => {};\n")
      }
      for uri in ["/bridge/.hidden", "/bridge/missing.js", "/bridge/..%2Fetc%2Fpasswd"] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .notFound, "\(uri)")
        }
      }
    }
  }
}
