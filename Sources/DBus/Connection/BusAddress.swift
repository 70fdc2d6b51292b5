/// Which bus a ``Connection`` talks to.
package enum BusAddress: Sendable, Hashable {
  /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`).
  case session
  /// The system bus.
  case system
  /// A bus at an explicit D-Bus address, such as `unix:path=/run/user/1000/bus`.
  case address(String)
}
