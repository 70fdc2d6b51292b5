/// Who reads an exported property: the caller of `org.freedesktop.DBus.Properties.Get` or
/// `GetAll` whose reply the value goes in. A property declared with
/// ``Interface/Property/init(_:_:change:read:set:)`` answers each reader for itself; a
/// `PropertiesChanged` signal has no reader (every subscriber receives the same values).
package struct PropertyReader: @unchecked Sendable {
  // @unchecked: `bus` is sd-bus's handle, used only by `command`, which the getter calls
  // synchronously on the connection's thread while sd-bus runs it; a reader is never kept.
  private let bus: BusHandle

  /// The reader's unique bus name, such as `:1.42`.
  package let name: BusName

  init(name: BusName, bus: BusHandle) {
    self.name = name
    self.bus = bus
  }

  /// The command name of the reader's process (`/proc/PID/comm`, at most 15 characters, such as
  /// `gsd-media-keys`), asked of the bus daemon (`GetConnectionCredentials`) synchronously on the
  /// connection's thread: a round trip, so callers keep what it told them per ``name`` (a unique
  /// name is never reused on a bus). `nil` when it cannot be told (the reader is gone).
  /// Only valid inside the getter it was handed to.
  package var command: String? { SDBus.command(ofOwner: name.rawValue, on: bus) }
}
