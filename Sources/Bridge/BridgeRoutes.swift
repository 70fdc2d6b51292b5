package import FoundationEssentials
import HubSupport
package import Hummingbird
package import HummingbirdWebSocket
import Logging
import NIOFoundationEssentialsCompat

/// The bridge's routes on one listener: the WebSocket endpoint `/bridge`, and its JavaScript
/// clients under `/bridge/`.
///
/// ```swift
/// let router = Router(context: BasicWebSocketRequestContext.self)
/// BridgeRoutes(hub: hub, listener: .loopback).add(to: router)
/// ```
///
/// Serve the router with `webSocketConfiguration(for:)`, so that the largest message fits in
/// a frame and clients are pinged at the configured heartbeat interval.
package struct BridgeRoutes: Sendable {
  /// The state every connection shares.
  package let hub: BridgeHub
  /// Which listener the routes serve.
  package let listener: BridgeListener
  /// Where the JavaScript clients are read from.
  package let resourceDirectory: URL?

  /// Creates the routes of `listener`.
  ///
  /// - Parameters:
  ///   - hub: The state every connection shares.
  ///   - listener: Which listener they serve; it decides how clients authenticate.
  ///   - resourceDirectory: Where the JavaScript clients are; by default
  ///     ``installedResourceDirectory``.
  package init(hub: BridgeHub, listener: BridgeListener, resourceDirectory: URL? = nil) {
    self.hub = hub
    self.listener = listener
    self.resourceDirectory = resourceDirectory ?? Self.installedResourceDirectory
  }

  /// Where the JavaScript clients are found: an installation's `../share/swift-remote-control/bridge`
  /// beside the running executable, else the source tree's `Sources/Bridge/Resources`; `nil`
  /// when neither exists.
  package static var installedResourceDirectory: URL? {
    ResourceLocator.folder(module: "Bridge", installedName: "bridge", holding: "remote-control.js")
  }

  /// The server's WebSocket configuration the bridge needs: frames as large as a message may
  /// be (twice the limit, so that an oversized message can be answered with an error), and
  /// pings at the heartbeat interval.
  package static func webSocketConfiguration(for hub: BridgeHub) -> WebSocketServerConfiguration {
    let configuration = hub.configuration
    return WebSocketServerConfiguration(
      maxFrameSize: configuration.limits.messageBytes * 2,
      autoPing: .enabled(timePeriod: configuration.heartbeatInterval))
  }

  /// Adds `/bridge` (the WebSocket endpoint) and `/bridge/{file}` (the clients, which pages of
  /// any origin may import) to `router`.
  package func add(to router: Router<BasicWebSocketRequestContext>) {
    let connection = BridgeConnection(hub: hub, listener: listener)
    router.ws("/bridge") { inbound, outbound, context in
      await connection.run(
        inbound: inbound, outbound: outbound, origin: context.request.headers[.origin])
    }
    let resources = resourceDirectory
    router.get("/bridge/:file") { _, context -> Response in
      guard let name = context.parameters.get("file"), let resources,
        let file = Self.resource(named: name, in: resources)
      else { throw HTTPError(.notFound) }
      // Any page may load the clients (they are public code, and a module script from another
      // origin needs CORS); whether it may then connect is the WebSocket's Origin check.
      return Response(
        status: .ok,
        headers: [
          .contentType: Self.contentType(of: name), .cacheControl: "no-cache", .accessControlAllowOrigin: "*",
        ],
        body: ResponseBody(byteBuffer: ByteBuffer(data: file)))
    }
  }

  /// The bytes of the resource `name`, if it is a plain file name of the folder.
  private static func resource(named name: String, in directory: URL) -> Data? {
    guard !name.hasPrefix("."), !name.contains("/"), !name.contains("\\") else { return nil }
    return FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
  }

  private static func contentType(of name: String) -> String {
    switch name.split(separator: ".").last?.lowercased() {
    case "js", "mjs": "text/javascript; charset=utf-8"
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "json": "application/json"
    case "png": "image/png"
    case "svg": "image/svg+xml"
    case "wav": "audio/wav"
    case "md", "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }
}
