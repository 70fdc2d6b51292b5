/// How to ask for a well-known name (the flags of `org.freedesktop.DBus.RequestName`).
package struct RequestNameFlags: OptionSet, Sendable, Hashable {
  /// The flag bits as sent on the bus.
  package var rawValue: UInt32

  /// Creates flags from their bits.
  package init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Let another connection that asks with ``replaceExisting`` take the name from us.
  package static let allowReplacement = RequestNameFlags(rawValue: 1)
  /// Take the name from its owner if that owner allowed replacement.
  package static let replaceExisting = RequestNameFlags(rawValue: 2)
  /// Fail instead of waiting in the queue when the name is taken.
  package static let doNotQueue = RequestNameFlags(rawValue: 4)
}
