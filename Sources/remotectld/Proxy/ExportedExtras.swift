import DBus
import PlayerView

/// What the proxy exports now for the active player beyond MPRIS's two interfaces: each
/// interface's registrations on every server, by ``InterfaceDescription/key``, and the property
/// write handlers installed at each child object that serves one.
struct ExportedExtras: Sendable {
  /// One exported interface: what it was exported as, and its registration on each server.
  struct Export: Sendable {
    var description: InterfaceDescription
    var registrations: [Registration]
  }

  var interfaces: [String: Export] = [:]
  var writeHandlers: [ObjectPath: [PropertyWriteRegistration]] = [:]
}
