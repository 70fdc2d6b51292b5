extension BusError {
  /// A D-Bus error name, such as `org.freedesktop.DBus.Error.InvalidArgs`.
  ///
  /// Any well-formed error name can be made with ``init(rawValue:)``; the standard ones the
  /// D-Bus specification and sd-bus use have static names.
  package struct Name: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The error name as sent on the bus.
    package var rawValue: String

    /// Creates an error name from its text.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// Creates an error name from a literal.
    package init(stringLiteral value: String) { self.rawValue = value }

    /// The error name itself.
    package var description: String { rawValue }

    // MARK: - Standard names

    /// A generic failure: `org.freedesktop.DBus.Error.Failed`.
    package static let failed: Name = "org.freedesktop.DBus.Error.Failed"
    /// Out of memory: `org.freedesktop.DBus.Error.NoMemory`.
    package static let noMemory: Name = "org.freedesktop.DBus.Error.NoMemory"
    /// No one owns the destination name: `org.freedesktop.DBus.Error.ServiceUnknown`.
    package static let serviceUnknown: Name = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// The name has no owner: `org.freedesktop.DBus.Error.NameHasNoOwner`.
    package static let nameHasNoOwner: Name = "org.freedesktop.DBus.Error.NameHasNoOwner"
    /// No reply arrived: `org.freedesktop.DBus.Error.NoReply`.
    package static let noReply: Name = "org.freedesktop.DBus.Error.NoReply"
    /// The connection is gone: `org.freedesktop.DBus.Error.Disconnected`.
    package static let disconnected: Name = "org.freedesktop.DBus.Error.Disconnected"
    /// Wrong arguments: `org.freedesktop.DBus.Error.InvalidArgs`.
    package static let invalidArgs: Name = "org.freedesktop.DBus.Error.InvalidArgs"
    /// Wrong signature: `org.freedesktop.DBus.Error.InvalidSignature`.
    package static let invalidSignature: Name = "org.freedesktop.DBus.Error.InvalidSignature"
    /// No such method: `org.freedesktop.DBus.Error.UnknownMethod`.
    package static let unknownMethod: Name = "org.freedesktop.DBus.Error.UnknownMethod"
    /// No such object: `org.freedesktop.DBus.Error.UnknownObject`.
    package static let unknownObject: Name = "org.freedesktop.DBus.Error.UnknownObject"
    /// No such interface: `org.freedesktop.DBus.Error.UnknownInterface`.
    package static let unknownInterface: Name = "org.freedesktop.DBus.Error.UnknownInterface"
    /// No such property: `org.freedesktop.DBus.Error.UnknownProperty`.
    package static let unknownProperty: Name = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The property cannot be set: `org.freedesktop.DBus.Error.PropertyReadOnly`.
    package static let propertyReadOnly: Name = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// Not allowed: `org.freedesktop.DBus.Error.AccessDenied`.
    package static let accessDenied: Name = "org.freedesktop.DBus.Error.AccessDenied"
    /// Timed out: `org.freedesktop.DBus.Error.Timeout`.
    package static let timeout: Name = "org.freedesktop.DBus.Error.Timeout"
    /// Not supported: `org.freedesktop.DBus.Error.NotSupported`.
    package static let notSupported: Name = "org.freedesktop.DBus.Error.NotSupported"
    /// A limit was exceeded: `org.freedesktop.DBus.Error.LimitsExceeded`.
    package static let limitsExceeded: Name = "org.freedesktop.DBus.Error.LimitsExceeded"
    /// The address is malformed: `org.freedesktop.DBus.Error.BadAddress`.
    package static let badAddress: Name = "org.freedesktop.DBus.Error.BadAddress"
    /// No server at the address: `org.freedesktop.DBus.Error.NoServer`.
    package static let noServer: Name = "org.freedesktop.DBus.Error.NoServer"
    /// Input/output error: `org.freedesktop.DBus.Error.IOError`.
    package static let ioError: Name = "org.freedesktop.DBus.Error.IOError"
  }
}
