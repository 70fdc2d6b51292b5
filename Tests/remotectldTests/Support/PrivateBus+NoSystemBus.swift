import BusTestSupport
import Foundation

extension PrivateBus {
  /// Starts the hub with `DBUS_SYSTEM_BUS_ADDRESS` naming a socket nobody listens on, then binaural
  /// as `one`, and waits until the hub lists it: where the tests of the hub without a system bus
  /// (its MPRIS relay, its Bluetooth) begin.
  func startHubWithoutSystemBus() async throws {
    let missing = "unix:path=\(directory.path)/no-system-bus"
    try await startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": missing])
    try await startBinaural("one")
    try await eventually("the hub to list binaural", { try await hubPlayers() }) { $0 == ["one"] }
  }
}
