extension MediaPlayerError {
  /// The error for a bus that could not be reached, saying what to do rather than the system's
  /// words.
  ///
  /// For the session bus, the connection's own error already says where it looked
  /// (`DBUS_SESSION_BUS_ADDRESS`, `$XDG_RUNTIME_DIR/bus`) and how to start a bus; this adds what
  /// needed it.
  ///
  /// - Parameters:
  ///   - bus: The bus the player was to be put on.
  ///   - reason: What the connection attempt said.
  static func connectionFailed(to bus: MediaPlayerConfiguration.Bus, reason: String) -> MediaPlayerError {
    switch bus {
    case .session:
      MediaPlayerError(.connectionFailed, "cannot connect to the session bus: \(reason)")
    case .address(let address):
      MediaPlayerError(
        .connectionFailed,
        "cannot connect to the bus at \(address): nothing answers there (\(reason)). "
          + "Check that a dbus-daemon listens at that address")
    }
  }
}
