/// One incoming call of an exported method.
///
/// Answer it exactly once, with ``reply(_:)`` or ``fail(_:)``, now or later, from any thread or
/// task; later answers are ignored. A call dropped without an answer is failed for the caller
/// (`org.freedesktop.DBus.Error.NoReply`), so a forgotten reply never leaves a caller hanging
/// until its timeout. While one call waits, others are answered as usual.
package struct MethodCall: Sendable {
  /// The arguments, already checked against the method's input signature.
  package let arguments: [Value]
  /// The caller's unique bus name.
  package let sender: BusName?
  /// The object path called.
  package let path: ObjectPath
  /// The interface called.
  package let interface: String
  /// The member called.
  package let member: String

  let pendingReply: PendingReply

  /// The same call as a call of `member` of the same interface, with the same arguments and
  /// answered through the same reply: what a forwarder sends on when the member it was called
  /// with is not what its caller meant.
  package func calling(_ member: String) -> MethodCall {
    MethodCall(
      arguments: arguments, sender: sender, path: path, interface: interface, member: member,
      pendingReply: pendingReply)
  }

  // MARK: - Answering

  /// Sends the method's results; their signature must match the declared output signature,
  /// otherwise the caller gets `org.freedesktop.DBus.Error.Failed` saying so.
  package func reply(_ values: [Value] = []) {
    pendingReply.complete(.success(values))
  }

  /// Sends `error` as the D-Bus error reply.
  package func fail(_ error: BusError) {
    pendingReply.complete(.failure(error))
  }
}
