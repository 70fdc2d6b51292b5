/// What the bridge serves: whether at all, its loopback port, the seconds between its pings, and
/// the web origins allowed besides those of the origins file (``BridgeFiles/originsFile``).
///
/// remotectld fills it from its flags (`--bridge`, `--bridge-port`, `--bridge-heartbeat`,
/// `--bridge-origin`), whose names and help are rows of its options table.
package struct BridgeOptions: Sendable, Hashable {
  /// The bridge's loopback port unless told otherwise: one a web page can be written for, beside
  /// the web remote's 7600.
  package static let defaultPort = 7601

  /// The seconds between the bridge's pings unless told otherwise.
  package static let defaultHeartbeat = 5.0

  /// Whether to serve the bridge at all.
  package var isEnabled = true
  /// The loopback TCP port; 0 picks a free one.
  package var port = BridgeOptions.defaultPort
  /// The seconds between pings: a client that misses one is dropped.
  package var heartbeat = BridgeOptions.defaultHeartbeat
  /// The web origins whose pages may use the bridge without its token.
  package var origins: [String] = []

  package init(
    isEnabled: Bool = true, port: Int = BridgeOptions.defaultPort,
    heartbeat: Double = BridgeOptions.defaultHeartbeat, origins: [String] = []
  ) {
    self.isEnabled = isEnabled
    self.port = port
    self.heartbeat = heartbeat
    self.origins = origins
  }
}
