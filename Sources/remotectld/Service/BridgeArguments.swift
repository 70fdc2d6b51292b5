import ArgumentParser
import HubBridge

/// remotectld's flags for the bridge (``BridgeOptions``): web pages and programs publishing
/// players.
struct BridgeArguments: ParsableArguments {
  // Each flag's name and help are its row of HubOption's table; one with a default is optional,
  // so that swift-argument-parser does not print the default the row's help already says.

  @Flag(name: HubOption.bridge.name, inversion: .prefixedNo, help: HubOption.bridge.help)
  var bridge: Bool?

  @Option(name: HubOption.bridgeOrigin.name, parsing: .singleValue, help: HubOption.bridgeOrigin.help)
  var origins: [String] = []

  @Option(name: HubOption.bridgePort.name, help: HubOption.bridgePort.help)
  var bridgePort: Int?

  @Option(name: HubOption.bridgeHeartbeat.name, help: HubOption.bridgeHeartbeat.help)
  var bridgeHeartbeat: Double?

  /// Whether to serve the bridge: `--bridge`, else its row's default.
  var isEnabled: Bool {
    bridge ?? HubOption.bridge.isOnByDefault
  }

  /// The loopback TCP port: `--bridge-port`, else ``BridgeOptions/defaultPort``.
  var port: Int {
    bridgePort ?? BridgeOptions.defaultPort
  }

  /// The seconds between pings: `--bridge-heartbeat`, else ``BridgeOptions/defaultHeartbeat``.
  var heartbeat: Double {
    bridgeHeartbeat ?? BridgeOptions.defaultHeartbeat
  }

  /// The bridge's options, as the flags and their rows' defaults say.
  var options: BridgeOptions {
    BridgeOptions(isEnabled: isEnabled, port: port, heartbeat: heartbeat, origins: origins)
  }

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError(
        "\(HubOption.bridgePort.longFlag) must be a port number, 0–65535 (0: a free port)")
    }
    guard heartbeat >= 0.1, heartbeat <= 3600 else {
      throw ValidationError("\(HubOption.bridgeHeartbeat.longFlag) must be between 0.1 and 3600 seconds")
    }
    for origin in origins where origin.isEmpty || origin.hasSuffix("/") {
      throw ValidationError(
        "\(HubOption.bridgeOrigin.longFlag) \"\(origin)\" is not an origin; write scheme, host and port, no path: https://music.example"
      )
    }
  }
}
