import DBus

/// A failed call to a player or to the bus, as a controller sees it.
///
/// ``name`` is the D-Bus error name (such as `org.freedesktop.DBus.Error.ServiceUnknown` when the
/// player is gone, or `org.freedesktop.DBus.Error.InvalidArgs` when it refused a value) and
/// ``message`` says what happened in words a person can act on. The name is the error's code:
/// errors with the same name are equal, whatever their messages.
public struct ClientError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The D-Bus error name.
  public var name: String
  /// What went wrong.
  public var message: String

  /// Creates an error.
  public init(name: String, message: String) {
    self.name = name
    self.message = message
  }

  init(_ error: BusError) {
    name = error.name.rawValue
    message = error.message
  }

  /// `org.freedesktop.DBus.Error.ServiceUnknown` or `NameHasNoOwner`: nobody owns the name.
  public var isPlayerGone: Bool {
    name == "org.freedesktop.DBus.Error.ServiceUnknown"
      || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
  }

  /// The player answered that what was asked for is not there: no such interface, object, method
  /// or property. sd-bus says `UnknownInterface`, GDBus `InvalidArgs` ("No such interface"),
  /// others `UnknownMethod`, `UnknownObject` or `UnknownProperty`. Unlike a player that is gone or
  /// did not answer, the player is there and said so.
  public var isMissing: Bool {
    [
      "org.freedesktop.DBus.Error.UnknownInterface", "org.freedesktop.DBus.Error.InvalidArgs",
      "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownObject",
      "org.freedesktop.DBus.Error.UnknownProperty",
    ].contains(name)
  }

  /// The message (the name when there is none).
  public var description: String { message.isEmpty ? name : message }

  /// Errors are equal when their names are: the name is the error's code, the message is for
  /// people.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
