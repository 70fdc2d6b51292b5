#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// How the bridge publishes its clients' players and whom it lets in.
package struct BridgeConfiguration: Sendable {
  /// The D-Bus address of the bus the players are published on, such as
  /// `unix:path=/tmp/bus`; `nil` for the session bus.
  package var busAddress: String?
  /// The token programs give in `hello` (the text of the token file); `nil` lets no program in
  /// over TCP.
  package var token: String?
  /// The browser origins allowed besides the hub's own, as browsers write them
  /// (`https://music.example`, `null`).
  package var allowedOrigins: Set<String>
  /// The hub's own origins (`http://127.0.0.1:<port>`…), always allowed; set once the port is
  /// known.
  package var ownOrigins: Set<String>
  /// What one client may do.
  package var limits: BridgeLimits
  /// How often the hub pings each client (a WebSocket Ping); one missing Pong ends the
  /// connection. `BridgeRoutes.webSocketConfiguration(for:)` applies it to the server's WebSocket
  /// configuration.
  package var heartbeatInterval: Duration
  /// Where pictures are written before they are published as `file://` URLs.
  package var artworkDirectory: URL

  /// Creates a configuration.
  package init(
    busAddress: String? = nil,
    token: String?,
    allowedOrigins: Set<String> = [],
    ownOrigins: Set<String> = [],
    limits: BridgeLimits = BridgeLimits(),
    heartbeatInterval: Duration = .seconds(5),
    artworkDirectory: URL
  ) {
    self.busAddress = busAddress
    self.token = token
    self.allowedOrigins = allowedOrigins
    self.ownOrigins = ownOrigins
    self.limits = limits
    self.heartbeatInterval = heartbeatInterval
    self.artworkDirectory = artworkDirectory
  }
}
