import Glibc

extension BusAddress {
  /// The error for a session bus that cannot be reached, saying where it was looked for and what
  /// to do, from the environment of this process.
  ///
  /// sd-bus alone says only "No medium found" (no address to try) or "No such file or
  /// directory" (no socket at `$XDG_RUNTIME_DIR/bus`); this says which and how to get a bus.
  package static func sessionBusUnreachable(_ cause: BusError) -> BusError {
    sessionBusUnreachable(
      cause,
      sessionAddress: getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) },
      runtimeDirectory: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) })
  }

  /// The error for a session bus that cannot be reached, given the two variables sd-bus reads:
  /// `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
  ///
  /// The message names what was missing or unreachable and ends with the fix: start a bus with
  /// `dbus-run-session`, or run inside a desktop session. Callers say what needed the bus
  /// ("cannot connect to the session bus: …"). The cause's name, operation and errno are kept.
  package static func sessionBusUnreachable(
    _ cause: BusError, sessionAddress: String?, runtimeDirectory: String?
  ) -> BusError {
    let fix = "start one with `dbus-run-session -- COMMAND`, or run inside a desktop session"
    let found: String
    if let sessionAddress, !sessionAddress.isEmpty {
      found =
        "DBUS_SESSION_BUS_ADDRESS=\(sessionAddress) cannot be reached (\(cause.message)); "
        + "\(fix), or set DBUS_SESSION_BUS_ADDRESS to the address of a running bus"
    } else if let runtimeDirectory, !runtimeDirectory.isEmpty {
      let socket = runtimeDirectory + "/bus"
      let state = access(socket, F_OK) == 0 ? "cannot be reached (\(cause.message))" : "does not exist"
      found = "DBUS_SESSION_BUS_ADDRESS is not set and \(socket) \(state); \(fix)"
    } else {
      found = "neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set; \(fix)"
    }
    return BusError(cause.name, found, operation: cause.operation, errno: cause.errno)
  }
}
