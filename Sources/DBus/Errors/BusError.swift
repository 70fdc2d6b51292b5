/// An error from the bus, from a remote peer, or from this module's own checks.
///
/// It says what failed (``operation``), the D-Bus error ``name`` a peer sees or sent (such as
/// `org.freedesktop.DBus.Error.InvalidArgs`), a ``message`` a person can act on, and the
/// ``errno`` when the failure came from a C call.
package struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
  // MARK: - Stored properties

  /// The D-Bus error name, such as `org.freedesktop.DBus.Error.InvalidArgs`.
  package var name: Name
  /// What went wrong, in words a person can act on.
  package var message: String
  /// What was being done when it failed, such as `sd_bus_call` or `export /org/x`.
  package var operation: String?
  /// The errno a C call returned (positive), when the error came from one.
  package var errno: Int32?

  // MARK: - Creating errors

  /// Creates an error with a D-Bus error name and a message.
  package init(_ name: Name, _ message: String, operation: String? = nil, errno: Int32? = nil) {
    self.name = name
    self.message = message
    self.operation = operation
    self.errno = errno
  }

  /// `org.freedesktop.DBus.Error.InvalidArgs` with `message`.
  package static func invalidArgs(_ message: String) -> BusError {
    BusError(.invalidArgs, message)
  }

  /// `org.freedesktop.DBus.Error.Failed` with `message`.
  package static func failed(_ message: String) -> BusError {
    BusError(.failed, message)
  }

  // MARK: - CustomStringConvertible

  /// `name: message`, prefixed with the operation and followed by the errno when known.
  package var description: String {
    var text = ""
    if let operation { text += "\(operation): " }
    text += "\(name.rawValue): \(message)"
    if let errno { text += " (errno \(errno))" }
    return text
  }
}
