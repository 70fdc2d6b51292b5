import HubCore
package import WebRemote

/// How remotectld serves HTTP: whether at all, on which port, whether on the LAN too, and the
/// HTTPS origin a reverse proxy serves it at.
package struct HTTPOptions: Sendable, Hashable {
  /// The port remotectld listens on unless told otherwise.
  package static let defaultPort = 7600

  /// Whether to serve HTTP at all.
  package var isEnabled = true
  /// The port; 0 picks a free one.
  package var port = HTTPOptions.defaultPort
  /// Whether to listen on the LAN address besides loopback.
  package var lan = false
  /// The origin a TLS-terminating reverse proxy serves the web remote at (`--public-origin`):
  /// the `Host` and `Origin` checks accept it, and pairing links point at it.
  package var publicOrigin: PublicOrigin?

  package init(
    isEnabled: Bool = true, port: Int = HTTPOptions.defaultPort, lan: Bool = false,
    publicOrigin: PublicOrigin? = nil
  ) {
    self.isEnabled = isEnabled
    self.port = port
    self.lan = lan
    self.publicOrigin = publicOrigin
  }
}
