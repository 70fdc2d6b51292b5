import HubCore
import WebRemote

/// How remotectld serves HTTP: whether at all, on which port, whether on the LAN too, and the
/// HTTPS origin a reverse proxy serves it at.
struct HTTPOptions: Sendable, Hashable {
  /// The port remotectld listens on unless told otherwise.
  static let defaultPort = 7600

  /// Whether to serve HTTP at all.
  var isEnabled = true
  /// The port; 0 picks a free one.
  var port = HTTPOptions.defaultPort
  /// Whether to listen on the LAN address besides loopback.
  var lan = false
  /// The origin a TLS-terminating reverse proxy serves the web remote at (`--public-origin`):
  /// the `Host` and `Origin` checks accept it, and pairing links point at it.
  var publicOrigin: PublicOrigin?
}
