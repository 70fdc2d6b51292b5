/// Why the hub cannot run, in words a user can act on.
struct HubError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
