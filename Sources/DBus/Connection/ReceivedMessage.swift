/// A message delivered to a match handler: typically a signal.
package struct ReceivedMessage: Sendable, Hashable {
  /// The sender's unique name (`:1.42`), or `org.freedesktop.DBus` for the bus itself.
  package var sender: BusName?
  /// The object path it concerns.
  package var path: ObjectPath?
  /// The interface.
  package var interface: String?
  /// The member: the signal or method name.
  package var member: String?
  /// The body.
  package var arguments: [Value]

  /// Creates a message value (for tests and for forwarding).
  package init(
    sender: BusName?, path: ObjectPath?, interface: String?, member: String?, arguments: [Value]
  ) {
    self.sender = sender
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
  }

  /// Reads a message's headers and body; `sender` is its sender, already read.
  init(_ message: MessageHandle, sender: BusName?) throws(BusError) {
    self.sender = sender
    path = SDBus.path(message).flatMap(ObjectPath.init(rawValue:))
    interface = SDBus.interface(message)
    member = SDBus.member(message)
    arguments = try Value.readAll(from: message)
  }
}
