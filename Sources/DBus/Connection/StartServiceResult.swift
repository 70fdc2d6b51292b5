/// The answer to a start request (the result of `org.freedesktop.DBus.StartServiceByName`).
package enum StartServiceResult: UInt32, Sendable, Hashable {
  /// The bus started the service, which now owns the name (`DBUS_START_REPLY_SUCCESS`).
  case started = 1
  /// A connection owned the name already; nothing was started (`DBUS_START_REPLY_ALREADY_RUNNING`).
  case alreadyRunning = 2
}
