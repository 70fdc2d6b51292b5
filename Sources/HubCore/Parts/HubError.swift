/// Why the hub cannot run, in words a user can act on.
package struct HubError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  package var description: String

  package init(_ description: String) {
    self.description = description
  }
}
