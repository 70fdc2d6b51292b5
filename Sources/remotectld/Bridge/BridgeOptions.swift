import ArgumentParser

/// remotectld's options for the bridge: web pages and programs publishing players.
struct BridgeOptions: ParsableArguments {
  /// The bridge's loopback port unless told otherwise: one a web page can be written for, beside
  /// the web remote's 7600.
  static let defaultPort = 7601

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Let web pages and programs publish players over a WebSocket (the unix socket "
        + "$XDG_RUNTIME_DIR/remotectld/bridge.sock and loopback TCP)."))
  var bridge = true

  @Option(
    name: .customLong("bridge-origin"), parsing: .singleValue,
    help: ArgumentHelp(
      "A web origin whose pages may use the bridge, such as https://music.example; repeat it. "
        + "More come from $XDG_CONFIG_HOME/remotectld/bridge-origins, one a line.",
      valueName: "origin"))
  var origins: [String] = []

  @Option(
    help: ArgumentHelp(
      "The loopback TCP port of the bridge, apart from the web remote's (its WebSockets carry "
        + "bigger frames and a faster heartbeat); 0: a free port. The URL is written to "
        + "$XDG_RUNTIME_DIR/remotectld/bridge-endpoint.",
      valueName: "port"))
  var bridgePort = BridgeOptions.defaultPort

  @Option(
    help: ArgumentHelp(
      "Seconds between the pings that tell a bridge client is alive; a client that misses one is "
        + "dropped and its players leave the bus.",
      valueName: "seconds"))
  var bridgeHeartbeat = 5.0

  func validate() throws {
    guard (0...65535).contains(bridgePort) else {
      throw ValidationError("--bridge-port must be a port number, 0–65535 (0: a free port)")
    }
    guard bridgeHeartbeat >= 0.1, bridgeHeartbeat <= 3600 else {
      throw ValidationError("--bridge-heartbeat must be between 0.1 and 3600 seconds")
    }
    for origin in origins where origin.isEmpty || origin.hasSuffix("/") {
      throw ValidationError(
        "--bridge-origin \"\(origin)\" is not an origin; write scheme, host and port, no path: https://music.example"
      )
    }
  }
}
