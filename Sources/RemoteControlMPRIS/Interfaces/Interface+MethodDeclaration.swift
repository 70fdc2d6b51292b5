import DBus

extension Interface.Method {
  /// The method `method` declares (name, signatures, argument names), handled by `handler`.
  init(_ method: some MediaPlayerMethod, handler: @escaping @Sendable (MethodCall) -> Void) {
    let declaration = method.declaration
    self.init(
      declaration.name, in: declaration.inSignature, out: declaration.outSignature,
      inNames: declaration.inNames, outNames: declaration.outNames, handler: handler)
  }
}
