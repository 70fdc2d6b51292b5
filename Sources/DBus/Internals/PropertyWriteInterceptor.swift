/// The object callback behind ``Connection/handlePropertyWrites(at:_:)``: one path, its handler,
/// and the sd-bus slot that registers it.
///
/// The trampoline finds it through the slot's userdata; it lives in ``BusState`` while
/// registered, so that pointer stays valid while sd-bus can call it.
final class PropertyWriteInterceptor {
  let id: UInt64
  let path: ObjectPath
  /// Decides, on the connection's thread, whether it takes a write (and then answers it).
  let handler: @Sendable (PropertyWrite) -> Bool
  /// The connection, for answering the writes taken.
  let loop: BusLoop
  /// The sd-bus slot of the registration; `nil` while disconnected.
  var slot: SlotHandle?

  init(id: UInt64, path: ObjectPath, handler: @escaping @Sendable (PropertyWrite) -> Bool, loop: BusLoop) {
    self.id = id
    self.path = path
    self.handler = handler
    self.loop = loop
  }
}
