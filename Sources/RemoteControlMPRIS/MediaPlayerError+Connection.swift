import Foundation

extension MediaPlayerError {
  /// The error for a bus that could not be reached, saying what to do rather than the system's
  /// words (sd-bus answers a missing session bus with `ENOMEDIUM`, "No medium found").
  ///
  /// - Parameters:
  ///   - bus: The bus the player was to be put on.
  ///   - reason: What the connection attempt said.
  ///   - environment: The process environment, to tell where the session bus was looked for.
  static func connectionFailed(
    to bus: MediaPlayerConfiguration.Bus, reason: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> MediaPlayerError {
    switch bus {
    case .session:
      let lookedAt: String
      if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
        lookedAt = "DBUS_SESSION_BUS_ADDRESS is \(address), and nothing answers there"
      } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
        lookedAt = "DBUS_SESSION_BUS_ADDRESS is not set, and no bus listens at \(runtime)/bus"
      } else {
        lookedAt = "neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"
      }
      return MediaPlayerError(
        .connectionFailed,
        "cannot connect to the session bus: \(lookedAt) (\(reason)). Run the player in a desktop session, "
          + "start a bus for it with `dbus-run-session -- <command>`, or set DBUS_SESSION_BUS_ADDRESS")
    case .address(let address):
      return MediaPlayerError(
        .connectionFailed,
        "cannot connect to the bus at \(address): nothing answers there (\(reason)). "
          + "Check that a dbus-daemon listens at that address")
    }
  }
}
