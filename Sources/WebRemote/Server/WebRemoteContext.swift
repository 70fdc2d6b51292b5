package import Hummingbird
package import HummingbirdWebSocket
import NIOCore

/// The web remote's request context: which listener a request came in on, and the paired
/// device ``DeviceCheck`` found, with the key of the WebSocket its upgrade established.
package struct WebRemoteContext: RequestContext, WebSocketRequestContext {
  /// Hummingbird's storage of the request's context.
  package var coreContext: CoreRequestContextStorage
  /// The WebSocket handler of an upgrade.
  package let webSocket: WebSocketHandlerReference<Self>
  /// Whether the connection came in on a loopback listener (127.0.0.1 or ::1): only there may a
  /// local program use `Authorization: Bearer`.
  package let arrivedOnLoopback: Bool
  /// The device that sent the request, once checked.
  var device: Device?
  /// The key the page signs its WebSocket messages with (``RequestSignature/socketKey(deviceKey:)``);
  /// `nil` for a connection authenticated by a bearer on loopback, whose messages are not signed.
  var socketKey: [UInt8]?

  /// The context of a request on `source`'s channel.
  package init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    let local = source.channel.localAddress?.ipAddress ?? ""
    arrivedOnLoopback = local == "::1" || local.hasPrefix("127.") || local.hasPrefix("::ffff:127.")
  }
}
