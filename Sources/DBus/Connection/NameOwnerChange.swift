/// A change of a name's owner (the `org.freedesktop.DBus.NameOwnerChanged` signal).
package struct NameOwnerChange: Sendable, Hashable {
  /// The name whose owner changed.
  package var name: BusName
  /// The unique name of the previous owner, or `nil` when the name was free.
  package var oldOwner: BusName?
  /// The unique name of the new owner, or `nil` when the name is now free.
  package var newOwner: BusName?

  /// Creates a change value.
  package init(name: BusName, oldOwner: BusName?, newOwner: BusName?) {
    self.name = name
    self.oldOwner = oldOwner
    self.newOwner = newOwner
  }
}
