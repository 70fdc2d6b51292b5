import DBus
import Foundation
import Testing

@Suite("No session bus: the error says what is missing and what to do")
struct SessionBusErrorTests {
  /// What sd-bus reports when it has no address to try.
  static let noMedium = BusError(
    "org.freedesktop.DBus.Error.Failed", "No medium found", operation: "sd_bus_open_user (session bus)",
    errno: ENOMEDIUM)

  @Test("Neither variable set: both are named, with the fix; sd-bus's text is gone")
  func nothingSet() {
    let error = BusAddress.sessionBusUnreachable(Self.noMedium, sessionAddress: nil, runtimeDirectory: nil)
    #expect(
      error.message
        == "neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set; start one with "
        + "`dbus-run-session -- COMMAND`, or run inside a desktop session")
    #expect(error.errno == ENOMEDIUM)
    #expect(error.operation == "sd_bus_open_user (session bus)")
  }

  @Test("A runtime folder without a bus socket: the path that does not exist")
  func noSocket() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
    let error = BusAddress.sessionBusUnreachable(
      BusError(.failed, "No such file or directory", errno: ENOENT), sessionAddress: "",
      runtimeDirectory: folder.path)
    #expect(
      error.message.hasPrefix("DBUS_SESSION_BUS_ADDRESS is not set and \(folder.path)/bus does not exist; "))
    #expect(error.message.contains("dbus-run-session"))
  }

  @Test("An address that cannot be reached: the address, sd-bus's reason, and the fix")
  func unreachableAddress() {
    let error = BusAddress.sessionBusUnreachable(
      BusError(.failed, "Connection refused", errno: ECONNREFUSED), sessionAddress: "unix:path=/tmp/gone",
      runtimeDirectory: "/run/user/1000")
    #expect(
      error.message.hasPrefix(
        "DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/gone cannot be reached (Connection refused); "))
    #expect(error.message.hasSuffix("or set DBUS_SESSION_BUS_ADDRESS to the address of a running bus"))
  }
}
