/// One `org.freedesktop.DBus.Properties.Set` call taken by a property-write handler (see
/// ``Connection/handlePropertyWrites(at:_:)``), to be answered now or later.
///
/// Answer it exactly once, with ``accept()`` or ``fail(_:)``, from any thread or task; later
/// answers are ignored. A write dropped without an answer is failed for the caller
/// (`org.freedesktop.DBus.Error.NoReply`). While it waits, other calls are answered as usual.
package struct PropertyWrite: Sendable {
  /// The object path written to.
  package let path: ObjectPath
  /// The interface of the property, such as `org.mpris.MediaPlayer2.Player`.
  package let interface: String
  /// The property's name, such as `Volume`.
  package let property: String
  /// The new value, taken out of its variant; its type is not checked against any declaration.
  package let value: Value
  /// The caller's unique bus name.
  package let sender: BusName?

  let pendingReply: PendingReply

  // MARK: - Answering

  /// Answers that the property was written: the empty reply of `Properties.Set`.
  package func accept() {
    pendingReply.complete(.success([]))
  }

  /// Sends `error` as the D-Bus error reply.
  package func fail(_ error: BusError) {
    pendingReply.complete(.failure(error))
  }
}
