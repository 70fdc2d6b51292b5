import BusTestSupport
import Foundation

/// Reaching the proxy player and reading players with busctl.
extension PrivateBus {
  static let proxyName = "org.mpris.MediaPlayer2.remotectld"
  static let playerInterface = "org.mpris.MediaPlayer2.Player"

  /// `busctl get-property` on this bus: its output, such as `s "Playing"`, or its error.
  func busctlGet(_ destination: String, _ property: String, interface: String = playerInterface) async throws
    -> ClientResult
  {
    try await run(
      "busctl", ["--address", address, "get-property", destination, Self.mprisPath, interface, property])
  }

  /// `busctl get-property`'s output for a property that must be readable.
  func read(_ destination: String, _ property: String, interface: String = playerInterface) async throws
    -> String
  {
    let result = try await busctlGet(destination, property, interface: interface)
    guard result.status == 0 else {
      throw TestFailure("reading \(property) of \(destination) failed: \(result.error)")
    }
    return result.trimmed
  }

  /// `busctl set-property` on this bus, however it ends.
  func busctlSet(
    _ destination: String, _ property: String, _ type: String, _ value: String,
    interface: String = playerInterface
  ) async throws -> ClientResult {
    try await run(
      "busctl",
      ["--address", address, "set-property", destination, Self.mprisPath, interface, property, type, value])
  }
}

extension HubTools {
  /// The controller, whose `check` the proxy must pass.
  static var remotectl: String { BuiltProducts.remotectl }
}
