extension Interface {
  /// A method of an exported interface.
  package struct Method: Sendable {
    /// The member name, such as `PlayPause`.
    package var name: String
    /// The signature of the arguments; sd-bus rejects calls that do not match it.
    package var inSignature: Signature
    /// The signature of the reply; ``MethodCall/reply(_:)`` must match it.
    package var outSignature: Signature
    /// The argument names introspection shows (empty, or one per complete type of `inSignature`).
    package var inNames: [String]
    /// The result names introspection shows (empty, or one per complete type of `outSignature`).
    package var outNames: [String]
    /// Called on the connection's thread for each call; it must eventually call
    /// ``MethodCall/reply(_:)`` or ``MethodCall/fail(_:)`` once, from any thread.
    package var handler: @Sendable (MethodCall) -> Void

    /// Creates a method.
    package init(
      _ name: String, in inSignature: Signature = .empty, out outSignature: Signature = .empty,
      inNames: [String] = [], outNames: [String] = [],
      handler: @escaping @Sendable (MethodCall) -> Void
    ) {
      self.name = name
      self.inSignature = inSignature
      self.outSignature = outSignature
      self.inNames = inNames
      self.outNames = outNames
      self.handler = handler
    }
  }
}
