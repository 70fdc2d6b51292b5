/// How remotectld serves HTTP: whether at all, on which port, and whether on the LAN too.
struct HTTPOptions: Sendable {
  /// The port remotectld listens on unless told otherwise.
  static let defaultPort = 7600

  /// Whether to serve HTTP at all.
  var isEnabled = true
  /// The port; 0 picks a free one.
  var port = HTTPOptions.defaultPort
  /// Whether to listen on the LAN address besides loopback.
  var lan = false
}
