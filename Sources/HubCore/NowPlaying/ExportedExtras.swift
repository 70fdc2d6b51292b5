import DBus
import PlayerView

/// What an outlet exports now for the active player beyond MPRIS's two interfaces: each
/// interface's registrations, by ``InterfaceDescription/key``, and the property write handlers
/// installed at each child object that serves one.
struct ExportedExtras: Sendable {
  /// One exported interface: what it was exported as, and its registrations.
  struct Export: Sendable {
    package var description: InterfaceDescription
    var registrations: [Registration]
  }

  package var interfaces: [String: Export] = [:]
  var writeHandlers: [ObjectPath: [PropertyWriteRegistration]] = [:]

  /// Removes every export and write handler from the bus.
  package mutating func withdraw() {
    interfaces.values.forEach { $0.registrations.forEach { $0.cancel() } }
    writeHandlers.values.forEach { $0.forEach { $0.cancel() } }
    interfaces = [:]
    writeHandlers = [:]
  }
}
