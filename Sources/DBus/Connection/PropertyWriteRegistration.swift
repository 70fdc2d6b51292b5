/// A property-write handler installed with ``Connection/handlePropertyWrites(at:_:)``;
/// ``cancel()`` removes it.
///
/// It stays installed, across reconnects, until cancelled or until the connection closes;
/// dropping this value does not remove it.
package final class PropertyWriteRegistration: Sendable {
  /// The object path whose writes it sees.
  package let path: ObjectPath
  private let id: UInt64
  private let loop: BusLoop

  init(id: UInt64, path: ObjectPath, loop: BusLoop) {
    self.id = id
    self.path = path
    self.loop = loop
  }

  /// Removes the handler without waiting: the connection's thread unregisters it soon after,
  /// and from then on the exported interfaces' own setters answer every write. A write already
  /// taken is still answered by whoever holds it. Calling it again does nothing.
  package func cancel() {
    let id = self.id
    loop.submit { state in state.removeInterceptor(id: id) }
  }
}
