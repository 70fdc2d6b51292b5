extension Interface {
  /// A signal of an exported interface.
  package struct Signal: Sendable {
    /// The member name, such as `Seeked`.
    package var name: String
    /// The signature of its arguments.
    package var signature: Signature
    /// The argument names introspection shows (empty, or one per complete type).
    package var argumentNames: [String]

    /// Creates a signal.
    package init(_ name: String, _ signature: Signature = .empty, argumentNames: [String] = []) {
      self.name = name
      self.signature = signature
      self.argumentNames = argumentNames
    }
  }
}
